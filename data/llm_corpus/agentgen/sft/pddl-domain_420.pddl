(define (domain automotive-outreach)
  (:requirements :strips :typing)
  (:types platform LinkedIn manager OEM_list target_contact personalized_message)
  (:predicates
    (researched-oems ?p - platform ?l - LinkedIn ?m - manager)
    (identified-target-contacts ?p - platform ?l - LinkedIn ?m - manager ?o - OEM_list)
    (crafted-personalized-message ?p - platform ?l - LinkedIn ?m - manager ?tc - target_contact)
    (message-ready-to-send ?p - platform ?l - LinkedIn ?m - manager ?msg - personalized_message ?tc - target_contact)
  )

  (:action identify_target_contacts
    :parameters (?p - platform ?l - LinkedIn ?m - manager ?o - OEM_list)
    :precondition (researched-oems ?p ?l ?m)
    :effect (identified-target-contacts ?p ?l ?m ?o)
  )

  (:action craft_personalized_message
    :parameters (?p - platform ?l - LinkedIn ?m - manager ?tc - target_contact)
    :precondition (identified-target-contacts ?p ?l ?m ?tc)
    :effect (crafted-personalized-message ?p ?l ?m ?tc)
  )

  (:action send_message_and_follow_up
    :parameters (?p - platform ?l - LinkedIn ?m - manager ?msg - personalized_message ?tc - target_contact)
    :precondition (crafted-personalized-message ?p ?l ?m ?tc)
    :effect (message-ready-to-send ?p ?l ?m ?msg ?tc)
  )
)
