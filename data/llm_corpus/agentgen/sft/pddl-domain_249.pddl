(define (domain woodworking-angled-drilling)
  (:requirements :strips)
  (:predicates
    (clear-understanding-of-angle)
    (angle-measured)
    (workpiece-present)
    (workpiece-secured))

  (:action measure
    :parameters (?angle)
    :precondition (clear-understanding-of-angle)
    :effect (angle-measured))

  (:action secure
    :parameters (?workpiece)
    :precondition (workpiece-present)
    :effect (workpiece-secured))
)
