(define (domain chatbot-enhancement)
  (:requirements :strips)
  (:predicates
    (access-to-corpus)
    (has-selected-examples)
    (has-preexisting-model)
    (has-curated-examples)
    (fine-tuning-completed)
    (evaluation-completed)
  )

  (:action select-dialogue-examples
    :parameters ()
    :precondition (access-to-corpus)
    :effect (and (has-selected-examples)
                 (has-curated-examples))
  )

  (:action fine-tune-language-model
    :parameters ()
    :precondition (and (has-preexisting-model) (has-curated-examples))
    :effect (fine-tuning-completed)
  )

  (:action evaluate-chatbot-performance
    :parameters ()
    :precondition (fine-tuning-completed)
    :effect (evaluation-completed)
  )
)
