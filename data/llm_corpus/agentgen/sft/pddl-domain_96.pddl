(define (domain laptop-rejuvenation)
  (:requirements :strips)
  (:types team-member data-type settings laptop)
  (:predicates
    (has-basic-knowledge ?tm - team-member)
    (laptop-on ?l - laptop)
    (data-backed-up ?dt - data-type)
    (os-installed ?l - laptop)
    (laptop-functioning ?l - laptop)
    (identified-problems ?l - laptop)
    (has-os-software ?tm - team-member)
    (has-backup-tools ?tm - team-member)
    (settings-customized ?l - laptop ?s - settings)
  )

  (:action assessLaptopCondition
    :parameters (?tm - team-member ?l - laptop)
    :precondition (has-basic-knowledge ?tm)
    :effect (identified-problems ?l)
  )

  (:action backupData
    :parameters (?tm - team-member ?dt - data-type ?l - laptop)
    :precondition (and (laptop-on ?l) (has-backup-tools ?tm))
    :effect (data-backed-up ?dt)
  )

  (:action reformatLaptop
    :parameters (?tm - team-member ?dt - data-type ?l - laptop)
    :precondition (and (data-backed-up ?dt) (has-os-software ?tm))
    :effect (and (os-installed ?l) (not (identified-problems ?l)))
  )

  (:action restoreDataAndCustomizeSettings
    :parameters (?tm - team-member ?dt - data-type ?s - settings ?l - laptop)
    :precondition (and (os-installed ?l) (laptop-functioning ?l))
    :effect (and (settings-customized ?l ?s) (data-backed-up ?dt))
  )
)
