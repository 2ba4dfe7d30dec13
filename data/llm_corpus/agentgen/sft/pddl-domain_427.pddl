(define (domain dystopian-diversity)
  (:requirements :strips :typing)
  (:types
    genre
    character_development
    diverse_readership
    reactions
    inclusivity
  )
  (:predicates
    (identified-genre ?g - genre)
    (researching-impact ?g - genre)
    (understands-inclusivity)
    (recognized-character-diversity)
    (has-better-understanding)
    (explored-reader-engagement)
  )

  (:action researchdiversityimpact
    :parameters (?g - genre ?cd - character_development)
    :precondition (and (identified-genre ?g) (researching-impact ?g))
    :effect (and (has-better-understanding))
  )

  (:action analyzeaudienceperception
    :parameters (?dr - diverse_readership ?r - reactions ?i - inclusivity)
    :precondition (and (recognized-character-diversity) (understands-inclusivity))
    :effect (and (explored-reader-engagement))
  )
)
