(define (domain image-processing-sim)
  (:requirements :strips)
  (:types image filter effect feature)
  
  (:predicates
    (selected-filter ?f - filter ?e - effect) ; Indicates a filter is selected for a specific effect or feature detection
    (has-effect ?i - image ?e - effect) ; Indicates an image has a certain effect applied
    (has-feature ?i - image ?f - feature) ; Indicates a feature is detected in an image
    (applicable-for-convolution ?f - filter ?e - effect) ; Indicates a filter is applicable for convolution with a specific effect
    (applicable-for-correlation ?f - filter ?ftr - feature) ; Indicates a filter is applicable for correlation to detect a specific feature
  )

  (:action applyConvolution
    :parameters (?i - image ?f - filter ?e - effect)
    :precondition (and (selected-filter ?f ?e) (applicable-for-convolution ?f ?e))
    :effect (and (has-effect ?i ?e)
                 (not (has-feature ?i ?f))) ; Assuming applying convolution might override previous feature detection
  )

  (:action applyCorrelation
    :parameters (?i - image ?f - filter ?ftr - feature)
    :precondition (and (selected-filter ?f ?ftr) (applicable-for-correlation ?f ?ftr))
    :effect (and (has-feature ?i ?ftr)
                 ; Removed the incorrect negation of an effect not in parameters
    )
)
