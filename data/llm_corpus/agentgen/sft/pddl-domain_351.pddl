(define (domain usb-troubleshooting)
  (:requirements :strips)
  (:predicates
    (connected ?u - usbdrive ?os - operatingsystem)
    (partition-identified ?p - partition ?u - usbdrive)
    (partition-removed ?u - usbdrive)
    (drive-formatted ?u - usbdrive)
    (data-erasable ?u - usbdrive)
  )

  (:types
    usbdrive
    operatingsystem
    partition
    filesystem
    diskmanagementtool
  )

  (:action checkpartition
    :parameters (?u - usbdrive ?os - operatingsystem ?p - partition)
    :precondition (connected ?u ?os)
    :effect (partition-identified ?p ?u)
  )

  (:action removepartition
    :parameters (?p - partition ?u - usbdrive ?dmt - diskmanagementtool)
    :precondition (partition-identified ?p ?u)
    :effect (and 
              (partition-removed ?u)
              (not (partition-identified ?p ?u))
            )
  )

  (:action formatdrive
    :parameters (?u - usbdrive ?fs - filesystem ?dmt - diskmanagementtool)
    :precondition (and 
                    (partition-removed ?u)
                    (data-erasable ?u)
                  )
    :effect (drive-formatted ?u)
  )
)
