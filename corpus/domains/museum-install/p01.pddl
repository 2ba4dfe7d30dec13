;; One crated vase goes into the showcase of the gallery next to storage.
(define (problem museum-install-p01)
  (:domain museum-install)
  (:objects
    vase - artefact
    storage east-gallery - room
    case-1 - showcase)
  (:init
    (crated vase)
    (artefact-in vase storage)
    (trolley-in storage)
    (doorway storage east-gallery)
    (doorway east-gallery storage)
    (showcase-in case-1 east-gallery)
    (showcase-open case-1))
  (:goal (and
    (displayed vase case-1)
    (sealed case-1)))
)
