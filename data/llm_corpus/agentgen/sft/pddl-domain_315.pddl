(define (domain UIScrollViewDomain)
  (:requirements :strips)
  (:predicates
    (UIScrollViewWithExcessContent ?scrollview)
    (UIElementsPotentiallyOverlap ?scrollview)
    (contentInsetImplemented ?scrollview)
    (contentVisible ?scrollview)
    (understandsUIUXPrinciples)
    (userExperienceOptimized)
  )

  (:action implementContentInset
    :parameters (?scrollview)
    :precondition (and (UIScrollViewWithExcessContent ?scrollview) 
                       (UIElementsPotentiallyOverlap ?scrollview))
    :effect (and (contentInsetImplemented ?scrollview)
                 (contentVisible ?scrollview)
                 (not (UIElementsPotentiallyOverlap ?scrollview))))

  (:action enhanceUserExperience
    :parameters (?scrollview)
    :precondition (and (contentInsetImplemented ?scrollview) 
                       (understandsUIUXPrinciples))
    :effect (userExperienceOptimized)
  )
)
