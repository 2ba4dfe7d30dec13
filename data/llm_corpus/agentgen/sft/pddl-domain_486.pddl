(define (domain android_image_adjustment)
  (:requirements :strips :typing)
  (:types activity_or_fragment image_view_id orientation scale_type image_resource)
  (:predicates
    (part-of-layout ?aof - activity_or_fragment ?iv - image_view_id)
    (supports-orientation-changes ?aof - activity_or_fragment)
    (orientation ?aof - activity_or_fragment ?o - orientation)
    (image-view-exists ?iv - image_view_id)
    (scale-type-supported ?st - scale_type)
    (aspect-ratio-maintained ?iv - image_view_id)
  )

  (:action adjust_image_view
    :parameters (?aof - activity_or_fragment ?iv - image_view_id ?ir - image_resource)
    :precondition (part-of-layout ?aof ?iv)
    :effect (aspect-ratio-maintained ?iv)
  )

  (:action change_screen_orientation
    :parameters (?aof - activity_or_fragment ?o - orientation)
    :precondition (supports-orientation-changes ?aof)
    :effect (orientation ?aof ?o)
  )

  (:action scale_image_to_fit
    :parameters (?iv - image_view_id ?st - scale_type)
    :precondition (and (image-view-exists ?iv) (scale-type-supported ?st))
    :effect (aspect-ratio-maintained ?iv)
  )
)
