(define (domain temperature-conversion)
  (:requirements :strips)
  (:types conversion_formula scientific_experiments conversion_significance scientific_fields)
  (:predicates
    (identified-formula ?f - conversion_formula)
    (researching-origins ?f - conversion_formula)
    (understands-impact ?s - conversion_significance)
    (explored-science-impact ?s - scientific_fields))

  (:action researchconversionhistory
    :parameters (?f - conversion_formula ?e - scientific_experiments)
    :precondition (and (identified-formula ?f) (researching-origins ?f))
    :effect (and (not (researching-origins ?f))
                 (explored-science-impact ?e)))

  (:action analyzeimpactonscience
    :parameters (?s - conversion_significance ?f - scientific_fields)
    :precondition (and (understands-impact ?s) (explored-science-impact ?f))
    :effect (and (not (understands-impact ?s))
                 (explored-science-impact ?f)))
)
