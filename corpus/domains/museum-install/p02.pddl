;; Two artefacts for two galleries; the mask was unpacked yesterday.
(define (problem museum-install-p02)
  (:domain museum-install)
  (:objects
    vase mask - artefact
    storage east-gallery west-gallery - room
    case-1 case-2 - showcase)
  (:init
    (crated vase)
    (unpacked mask)
    (artefact-in vase storage)
    (artefact-in mask storage)
    (trolley-in storage)
    (doorway storage east-gallery)
    (doorway east-gallery storage)
    (doorway east-gallery west-gallery)
    (doorway west-gallery east-gallery)
    (showcase-in case-1 east-gallery)
    (showcase-in case-2 west-gallery)
    (showcase-open case-1)
    (showcase-open case-2))
  (:goal (and
    (displayed vase case-1)
    (displayed mask case-2)
    (sealed case-1)
    (sealed case-2)))
)
