(define (domain narrative-driven-ai)
  (:requirements :strips)
  (:predicates (has-foundational-knowledge)
               (researched-emotionally-compelling-techniques)
               (identified-brevity-techniques)
               (understands-emotion-evocation)
               (ai-model-developed)
               (collection-created))

  (:action researchEmotionallyCompellingTechniques
    :parameters (?narrative-techniques - object ?emotion-ai - object)
    :precondition (has-foundational-knowledge)
    :effect (and (researched-emotionally-compelling-techniques)
                 (understands-emotion-evocation)))

  (:action implementBrevityInNarratives
    :parameters (?story-length - object ?emotional-depth - object)
    :precondition (and (identified-brevity-techniques) 
                       (understands-emotion-evocation))
    :effect (and (ai-model-developed)
                 (collection-created)))
)
