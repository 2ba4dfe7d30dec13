(define (domain illuminating-serum-webpage)
  (:requirements :strips)
  (:predicates (identified-focus ?section)
               (understands-needs ?audience)
               (high-quality ?image)
               (relevant ?image ?content)
               (informed ?customer)
               (engaged ?customer)
               (visually-appealing ?webpage))

  (:action writecontent
    :parameters (?section ?focus ?audience ?customer)
    :precondition (and (identified-focus ?section) (understands-needs ?audience))
    :effect (and (informed ?customer) (engaged ?customer)))

  (:action selectimages
    :parameters (?section ?image ?effect ?webpage)
    :precondition (and (high-quality ?image) (relevant ?image ?section))
    :effect (visually-appealing ?webpage))
)
