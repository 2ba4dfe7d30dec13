(define (domain childrens-dental-hygiene-book)
  (:requirements :strips)
  (:predicates (creative-mindset)
               (understands-children)
               (basic-dental-hygiene-knowledge)
               (narrative-crafting-ability)
               (artistic-skills-or-access)
               (character-named ?character)
               (story-written ?story)
               (book-illustrated ?book))

  (:action name-character
    :parameters (?character ?cute-name)
    :precondition (and (creative-mindset) (understands-children))
    :effect (character-named ?character))

  (:action write-story
    :parameters (?story ?dental-hygiene-adventures)
    :precondition (and (basic-dental-hygiene-knowledge) (narrative-crafting-ability))
    :effect (story-written ?story))

  (:action illustrate-book
    :parameters (?book ?engaging-visuals)
    :precondition (artistic-skills-or-access)
    :effect (book-illustrated ?book))
)
