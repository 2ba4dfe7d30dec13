(define (domain frequency-resolution)
  (:requirements :strips)
  (:predicates
    (understands-fft ?agent)
    (calculated-fft-length ?length)
    (signal-includes-target-frequencies ?signal)
    (fft-simulation-performed ?length)
    (frequencies-distinguished ?length)
    (adjustment-needed ?length)
    (resolution-successful ?length)
  )

  (:action calculate-fft-length
    :parameters (?agent ?length ?resolution)
    :precondition (understands-fft ?agent)
    :effect (calculated-fft-length ?length)
  )

  (:action simulate-fft
    :parameters (?agent ?length ?signal)
    :precondition (and (calculated-fft-length ?length) (signal-includes-target-frequencies ?signal))
    :effect (fft-simulation-performed ?length)
  )

  (:action analyze-simulation
    :parameters (?agent ?length ?results)
    :precondition (fft-simulation-performed ?length)
    :effect (and 
              (frequencies-distinguished ?length)
              (not (adjustment-needed ?length))
            )
  )

  (:action adjust-fft-length
    :parameters (?agent ?length ?results)
    :precondition (and (calculated-fft-length ?length) (adjustment-needed ?length))
    :effect (and 
              (calculated-fft-length ?length)
              (not (frequencies-distinguished ?length))
            )
  )

  (:action finalize-fft-length
    :parameters (?agent ?length)
    :precondition (and (calculated-fft-length ?length) (frequencies-distinguished ?length))
    :effect (resolution-successful ?length)
  )
)
