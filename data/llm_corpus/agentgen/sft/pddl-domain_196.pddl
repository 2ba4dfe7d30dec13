(define (domain musical-tuning)
  (:requirements :strips :typing) ; Ensure we declare the use of typing
  (:types tuning difference note context) ; Define types as needed
  (:predicates 
    (identified-tuning-system ?tuning_system - tuning)
    (researched-tuning ?tuning_system - tuning)
    (understands-pitch-difference ?pitch_difference - difference)
    (analyzed-context ?note1 - note ?note2 - note ?contextual_implication - context)
  )
  (:action researchtuning
    :parameters (?tuning_system - tuning ?pitch_difference - difference)
    :precondition (identified-tuning-system ?tuning_system)
    :effect (and (researched-tuning ?tuning_system)
                 (understands-pitch-difference ?pitch_difference)))
  (:action analyzemusicalcontext
    :parameters (?note1 - note ?note2 - note ?contextual_implication - context ?tuning_system - tuning ?pitch_difference - difference)
    :precondition (and (researched-tuning ?tuning_system)
                       (understands-pitch-difference ?pitch_difference))
    :effect (analyzed-context ?note1 ?note2 ?contextual_implication))
)
