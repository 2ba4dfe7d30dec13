(define (domain php-associative-array-tutorial)
  (:requirements :strips)
  (:predicates
    (basic-php-knowledge)
    (understands-php-functions-and-arrays)
    (can-write-php-code)
    (knows-common-php-mistakes)
    (understands-associative-arrays)
    (knows-access-methods)
    (has-practical-examples)
    (aware-of-common-mistakes)
  )

  (:action explainAssociativeArrays
    :parameters (?concept)
    :precondition (basic-php-knowledge)
    :effect (and (understands-associative-arrays)
                 (not (basic-php-knowledge))))

  (:action demonstrateAccessMethods
    :parameters (?method)
    :precondition (and (understands-php-functions-and-arrays)
                       (understands-associative-arrays))
    :effect (and (knows-access-methods)
                 (not (understands-php-functions-and-arrays))))

  (:action provideExamples
    :parameters (?code_snippet)
    :precondition (and (can-write-php-code)
                       (knows-access-methods))
    :effect (and (has-practical-examples)
                 (not (can-write-php-code))))

  (:action discussCommonMistakes
    :parameters (?mistake)
    :precondition (and (knows-common-php-mistakes)
                       (has-practical-examples))
    :effect (and (aware-of-common-mistakes)
                 (not (knows-common-php-mistakes))))
)
