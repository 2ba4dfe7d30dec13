(define (problem books) (:domain courier)
  (:objects sam - driver book lamp - parcel van - vehicle shop depot home - place)
  (:init (drives sam van) (vehicleat van shop) (at book shop) (at lamp depot) (fragile lamp) (padded van))
  (:goal (and (delivered book) (delivered lamp) (at book home) (at lamp home))))
