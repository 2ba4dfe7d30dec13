(define (domain pomeranian-adrenal-diagnosis)
  (:requirements :strips)
  (:types pomeranian examination_type test_type imaging_type findings results)

  (:predicates
    (presented-for-evaluation ?p - pomeranian)
    (clinical-exam-suggested ?p - pomeranian ?e - examination_type)
    (clinical-signs-identified ?p - pomeranian ?f - findings)
    (lab-test-chosen ?p - pomeranian ?t - test_type)
    (lab-results-obtained ?p - pomeranian ?r - results)
    (imaging-chosen ?p - pomeranian ?i - imaging_type)
    (imaging-findings-obtained ?p - pomeranian ?f - findings)
  )

  (:action performClinicalExamination
    :parameters (?p - pomeranian ?e - examination_type ?f - findings)
    :precondition (and (presented-for-evaluation ?p) (clinical-exam-suggested ?p ?e))
    :effect (and (clinical-signs-identified ?p ?f)
                 (not (presented-for-evaluation ?p))))

  (:action conductLaboratoryTests
    :parameters (?p - pomeranian ?t - test_type ?r - results)
    :precondition (and (lab-test-chosen ?p ?t))
    :effect (and (lab-results-obtained ?p ?r)))

  (:action orderImagingStudies
    :parameters (?p - pomeranian ?i - imaging_type ?f - findings)
    :precondition (and (imaging-chosen ?p ?i))
    :effect (and (imaging-findings-obtained ?p ?f)))
)
