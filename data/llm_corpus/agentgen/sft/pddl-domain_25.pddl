(define (domain text-processing)
  (:requirements :strips :typing)
  (:types
    document type tool material)
  (:predicates
    (document ?d - document)
    (has-newline-char ?d - document ?t - type)
    (conversion-needed ?d - document)
    (conversion-complete ?d - document)
    (guidance-available)
    (efficient ?tool - tool)
    (clear-and-concise ?material - material))

  (:action newline_character_detection
    :parameters (?d - document ?t - type)
    :precondition (document ?d)
    :effect (and (has-newline-char ?d ?t)
                 (conversion-needed ?d)))

  (:action automatic_conversion_tools
    :parameters (?d - document ?from - type ?to - type ?tool - tool)
    :precondition (and (has-newline-char ?d ?from) (efficient ?tool))
    :effect (and (conversion-complete ?d)
                 (not (has-newline-char ?d ?from))
                 (has-newline-char ?d ?to)))

  (:action create_user_guidance_systems
    :parameters (?material - material)
    :precondition (clear-and-concise ?material)
    :effect (guidance-available))
)
