(define (domain virtual-observatory)
  (:requirements :strips)
  (:types observatory galactic-sector SNR historical-data current-models data-type)
  (:predicates
    (equipped ?o - observatory)
    (accurate-historical-data ?hd - historical-data)
    (up-to-date-models ?cm - current-models)
    (observable ?snr - SNR)
    (allocated-time ?snr - SNR)
    (data-collected ?dt - data-type)
    (prediction-made ?gs - galactic-sector)
    (tracked ?snr - SNR)
  )

  (:action collectdata
    :parameters (?o - observatory ?tf - data-type)
    :precondition (equipped ?o)
    :effect (data-collected ?tf)
  )

  (:action predictsupernova
    :parameters (?gs - galactic-sector ?hd - historical-data ?cm - current-models)
    :precondition (and (accurate-historical-data ?hd) (up-to-date-models ?cm))
    :effect (prediction-made ?gs)
  )

  (:action trackSNR
    :parameters (?snr - SNR)
    :precondition (and (observable ?snr) (allocated-time ?snr))
    :effect (tracked ?snr)
  )
)
