(define (domain pregnancy-announcement)
  (:requirements :strips)
  (:predicates
    (date-decided ?date)
    (time-decided ?time)
    (both-available ?date ?time)
    (meeting-scheduled)
    (understand-maternity-rights)
    (thought-about-impact)
    (discussion-points-prepared)
    (knows-projects-and-responsibilities)
    (insight-into-team-capacity)
    (workload-management-plan-proposed)
  )

  (:action scheduleMeeting
    :parameters (?date ?time)
    :precondition (and (date-decided ?date) (time-decided ?time) (both-available ?date ?time))
    :effect (meeting-scheduled)
  )

  (:action prepareDiscussionPoints
    :parameters (?topics)
    :precondition (and (understand-maternity-rights) (thought-about-impact))
    :effect (discussion-points-prepared)
  )

  (:action proposeWorkloadManagementPlan
    :parameters (?suggestions)
    :precondition (and (knows-projects-and-responsibilities) (insight-into-team-capacity))
    :effect (workload-management-plan-proposed)
  )
)
