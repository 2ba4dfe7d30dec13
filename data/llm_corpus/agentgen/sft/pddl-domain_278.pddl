(define (domain csv_tool)
  (:requirements :strips)
  (:predicates 
    (csv-loaded ?f - file)
    (data-understood ?f - file)
    (scrolling-implemented ?f - file)
    (filtering-available ?f - file)
    (custom-display-enabled ?f - file)
    (user-preference-specified ?s - settings))

  (:types file settings criteria) ; Added 'criteria' type here

  (:action implementScrolling
    :parameters (?f - file)
    :precondition (csv-loaded ?f)
    :effect (scrolling-implemented ?f))

  (:action provideDataFiltering
    :parameters (?f - file ?c - criteria) ; 'criteria' is now a recognized type
    :precondition (and (csv-loaded ?f) (data-understood ?f))
    :effect (filtering-available ?f))

  (:action enableCustomDisplaySettings
    :parameters (?f - file ?s - settings)
    :precondition (user-preference-specified ?s)
    :effect (custom-display-enabled ?f))
)
