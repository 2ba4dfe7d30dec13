(define (domain narrative-constraint)
  (:requirements :strips)
  (:predicates (article-identified ?article)
               (story-crafted ?narrative)
               (protagonist-chosen ?character)
               (character-traits-outlined ?character)
               (challenges-outlined ?character)
               (story-engaging ?narrative)
               (character-developed ?character))

  (:action createplotwithoutarticle
    :parameters (?article ?narrative)
    :precondition (article-identified ?article)
    :effect (and (story-crafted ?narrative)
                 (story-engaging ?narrative)))

  (:action developcharacterarc
    :parameters (?article ?character)
    :precondition (and (protagonist-chosen ?character)
                       (character-traits-outlined ?character)
                       (challenges-outlined ?character)
                       (article-identified ?article))
    :effect (character-developed ?character))
)
