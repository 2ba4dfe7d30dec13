(define (domain democratic-process)
  (:requirements :strips)
  (:types policy_proposal balanced_representation informed_participation educational_program civic_responsibility minority_rights_safeguard)
  (:predicates
    (analysis-done)
    (curriculum-developed)
    (funding-secured)
    (partners-identified)
    (legislative-gaps-identified)
    (legal-framework-developed)
    (policy-drafted ?policy - policy_proposal)
    (program-implemented ?program - educational_program)
    (safeguards-established ?safeguard - minority_rights_safeguard)
  )

  (:action draft
    :parameters (?policy - policy_proposal ?representation - balanced_representation ?participation - informed_participation)
    :precondition (and (analysis-done))
    :effect (and (policy-drafted ?policy))
  )

  (:action implement
    :parameters (?program - educational_program ?responsibility - civic_responsibility)
    :precondition (and (curriculum-developed) (funding-secured) (partners-identified))
    :effect (and (program-implemented ?program))
  )

  (:action establish
    :parameters (?safeguard - minority_rights_safeguard)
    :precondition (and (legislative-gaps-identified) (legal-framework-developed))
    :effect (and (safeguards-established ?safeguard))
  )
)
