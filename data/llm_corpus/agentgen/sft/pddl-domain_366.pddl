(define (domain music-genre-exploration)
  (:requirements :strips)
  (:predicates
    (interested-in-music-history)
    (has-basic-understanding-of-technology)
    (has-basic-understanding-of-music-theory)
    (has-access-to-daw) ; DAW stands for Digital Audio Workstation
    (appreciates-genre ?genre)
    (understands-technology-impact ?technology)
    (created-music-track)
  )

  (:action exploregenre
    :parameters (?genre)
    :precondition (interested-in-music-history)
    :effect (appreciates-genre ?genre)
  )

  (:action analyzeimpact
    :parameters (?technology)
    :precondition (has-basic-understanding-of-technology)
    :effect (understands-technology-impact ?technology)
  )

  (:action createowntrack
    :parameters (?music-composition-principles)
    :precondition (and (has-basic-understanding-of-music-theory) (has-access-to-daw))
    :effect (created-music-track)
  )
)
