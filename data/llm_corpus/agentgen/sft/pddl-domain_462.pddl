(define (domain swapfile-management)
  (:requirements :strips)
  (:predicates
    (free-space-available ?location)
    (swap-file-exists ?location)
    (swap-file-active ?location)
    (fstab-accessible)
    (permission-to-edit-fstab)
    (fstab-edited ?location)
  )

  (:action createSwapFile
    :parameters (?location)
    :precondition (free-space-available ?location)
    :effect (and (swap-file-exists ?location)
                 (not (free-space-available ?location)))
  )

  (:action activateSwapFile
    :parameters (?location)
    :precondition (swap-file-exists ?location)
    :effect (swap-file-active ?location)
  )

  (:action editFstab
    :parameters (?location)
    :precondition (and (fstab-accessible) (permission-to-edit-fstab) (swap-file-exists ?location))
    :effect (fstab-edited ?location)
  )
)
