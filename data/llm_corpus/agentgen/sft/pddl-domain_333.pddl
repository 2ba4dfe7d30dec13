(define (domain shortstory)
  (:requirements :strips)
  (:predicates (character-introduced ?character)
               (trait-relevant ?trait)
               (conflict-setup ?conflict)
               (moral-lesson ?lesson)
               (story-engaging)
               (reader-enlightened))

  (:action introducecharacter
    :parameters (?character ?trait ?context)
    :precondition (trait-relevant ?trait)
    :effect (and (character-introduced ?character)
                 (story-engaging)))

  (:action setupconflict
    :parameters (?character ?conflict ?lesson)
    :precondition (and (character-introduced ?character)
                       (moral-lesson ?lesson))
    :effect (and (conflict-setup ?conflict)
                 (story-engaging)))

  (:action resolveconflict
    :parameters (?character ?conflict ?lesson)
    :precondition (and (conflict-setup ?conflict)
                       (moral-lesson ?lesson))
    :effect (reader-enlightened))

  (:action conveymessage
    :parameters (?lesson)
    :precondition (reader-enlightened)
    :effect (story-engaging))
)
