(define (domain grammar-correction)
  (:requirements :strips)
  (:predicates
    (trained-on-grammar)
    (has-access-to-textual-material)
    (grammar-analyzed ?sentence)
    (context-recognized ?sentence)
    (errors-identified ?sentence)
    (sentence-corrected ?sentence))

  (:action analyzegrammar
    :parameters (?sentence)
    :precondition (trained-on-grammar)
    :effect (and (grammar-analyzed ?sentence)
                 (errors-identified ?sentence)))

  (:action recognizecontext
    :parameters (?sentence)
    :precondition (and (has-access-to-textual-material)
                       (grammar-analyzed ?sentence))
    :effect (context-recognized ?sentence))

  (:action correcterrors
    :parameters (?sentence)
    :precondition (and (errors-identified ?sentence)
                       (context-recognized ?sentence))
    :effect (sentence-corrected ?sentence))
)
