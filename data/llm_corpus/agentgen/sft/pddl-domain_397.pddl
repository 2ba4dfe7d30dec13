(define (domain room-organization)
  (:requirements :strips)
  (:predicates
    (space-identified ?location)
    (measured-space ?size ?location)
    (chosen-basket ?type ?location)
    (drawer-large-enough ?drawer)
    (time-committed ?time)
    (hooks-installed ?location)
    (storage-bench-purchased ?size ?location)
    (basket-designated ?type ?location)
    (drawer-organized ?drawer)
    (sorting-routine-implemented ?time)
  )

  (:action install_hooks
    :parameters (?location)
    :precondition (space-identified ?location)
    :effect (hooks-installed ?location)
  )

  (:action purchase_foldable_storage_bench
    :parameters (?size ?location)
    :precondition (measured-space ?size ?location)
    :effect (storage-bench-purchased ?size ?location)
  )

  (:action designate_basket
    :parameters (?type ?location)
    :precondition (chosen-basket ?type ?location)
    :effect (basket-designated ?type ?location)
  )

  (:action create_partitioned_drawer
    :parameters (?drawer ?dividers)
    :precondition (drawer-large-enough ?drawer)
    :effect (drawer-organized ?drawer)
  )

  (:action implement_daily_sorting_routine
    :parameters (?time)
    :precondition (time-committed ?time)
    :effect (sorting-routine-implemented ?time)
  )
)
