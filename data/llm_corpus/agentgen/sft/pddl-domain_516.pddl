(define (domain international-conference)
  (:requirements :strips)
  (:types character country language)
  
  (:predicates
    (scenario-requires-character)
    (character-from-country ?c - character ?ct - country)
    (character-introduced ?c - character)
    (character-said-name ?c - character)
    (unique-country ?ct - country)
    (phrase-fits-dialogue ?p - language)
  )
  
  (:action introduceCharacter
    :parameters (?c - character ?ct - country)
    :precondition (and (scenario-requires-character)
                       (unique-country ?ct))
    :effect (and (character-from-country ?c ?ct)
                 (character-introduced ?c)
                 (not (scenario-requires-character)))
  )
  
  (:action sayNameInLanguage
    :parameters (?c - character ?l - language)
    :precondition (and (character-introduced ?c)
                       (phrase-fits-dialogue ?l))
    :effect (character-said-name ?c)
  )
)
