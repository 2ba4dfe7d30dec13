(define (domain force-com-naming-conventions)
  (:requirements :strips)
  (:predicates
    (at ?vm)
    (connected ?vm1 ?vm2)
    (not-component-naming-hall ?vm)
    (is-apex-class-naming-workshop ?vm)
    (is-custom-object-convention-center ?vm)
    (is-visualforce-page-design-studio ?vm)
    (is-component-naming-hall ?vm)
  )

  (:action learnNaming
    :parameters (?from_vm ?to_vm)
    :precondition (and (at ?from_vm) (connected ?from_vm ?to_vm) 
                       (not-component-naming-hall ?from_vm) 
                       (is-apex-class-naming-workshop ?to_vm))
    :effect (and (at ?to_vm) 
                 (not (at ?from_vm))))

  (:action applyConvention
    :parameters (?from_vm ?to_vm)
    :precondition (and (at ?from_vm) (connected ?from_vm ?to_vm) 
                       (is-apex-class-naming-workshop ?from_vm) 
                       (is-custom-object-convention-center ?to_vm))
    :effect (and (at ?to_vm) 
                 (not (at ?from_vm))))

  (:action designPage
    :parameters (?from_vm ?to_vm)
    :precondition (and (at ?from_vm) (connected ?from_vm ?to_vm) 
                       (is-custom-object-convention-center ?from_vm) 
                       (is-visualforce-page-design-studio ?to_vm))
    :effect (and (at ?to_vm) 
                 (not (at ?from_vm))))

  (:action nameComponent
    :parameters (?from_vm ?to_vm)
    :precondition (and (at ?from_vm) (connected ?from_vm ?to_vm) 
                       (is-visualforce-page-design-studio ?from_vm) 
                       (is-component-naming-hall ?to_vm))
    :effect (and (at ?to_vm) 
                 (not (at ?from_vm))))
)
