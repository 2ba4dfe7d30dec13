(define (domain javascript-education)
  (:requirements :strips :typing) ; Added :typing to requirements
  (:types
    person tutorial webinar forum ; Declared object types
  )
  (:predicates
    (understands-destructuring ?p - person)
    (tutorial-created ?t - tutorial)
    (webinar-organized ?w - webinar)
    (forum-established ?f - forum)
    (deep-understanding-js ?p - person)
    (webinar-platform-chosen ?w - webinar)
    (session-advertised ?w - webinar)
    (interactive-participation-arranged ?w - webinar)
    (forum-accessible ?f - forum)
    (forum-moderated ?f - forum)
    (forum-promoted ?f - forum)
  )

  (:action create-tutorial
    :parameters (?t - tutorial ?p - person)
    :precondition (deep-understanding-js ?p)
    :effect (tutorial-created ?t)
  )

  (:action organize-webinar
    :parameters (?w - webinar ?p - person)
    :precondition (and (webinar-platform-chosen ?w) 
                       (session-advertised ?w) 
                       (interactive-participation-arranged ?w))
    :effect (webinar-organized ?w)
  )

  (:action establish-forum
    :parameters (?f - forum ?p - person)
    :precondition (and (forum-accessible ?f) 
                       (forum-moderated ?f) 
                       (forum-promoted ?f))
    :effect (forum-established ?f)
  )
)
