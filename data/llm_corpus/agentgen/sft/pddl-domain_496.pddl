(define (domain taxworkshop)
  (:requirements :strips)
  (:predicates
    (tax-basics-introduced)
    (eligibility-criteria-explained)
    (tax-return-process-simulated)
    (workshop-conducted)
    (mock-project-initiated)
    (mock-projects-reviewed))

  (:action introduce-tax-basics
    :parameters ()
    :precondition (and)
    :effect (and (tax-basics-introduced)))

  (:action explain-eligibility-criteria
    :parameters ()
    :precondition (and (tax-basics-introduced))
    :effect (and (eligibility-criteria-explained)))

  (:action simulate-tax-return-process
    :parameters ()
    :precondition (and (eligibility-criteria-explained))
    :effect (and (tax-return-process-simulated)))

  (:action conduct-workshop
    :parameters ()
    :precondition (and (tax-return-process-simulated))
    :effect (and (workshop-conducted)))

  (:action initiate-mock-project
    :parameters ()
    :precondition (and (workshop-conducted))
    :effect (and (mock-project-initiated)))

  (:action review-mock-projects
    :parameters ()
    :precondition (and (mock-project-initiated))
    :effect (and (mock-projects-reviewed)))
)
