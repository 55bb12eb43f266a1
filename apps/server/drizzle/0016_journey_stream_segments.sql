CREATE TABLE "personalized_journey_segments" (
	"journey_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"url" text NOT NULL,
	"seconds" real NOT NULL,
	CONSTRAINT "personalized_journey_segments_journey_id_position_pk" PRIMARY KEY("journey_id","position")
);
--> statement-breakpoint
ALTER TABLE "personalized_journeys" ADD COLUMN "stream_planned_seconds" real;--> statement-breakpoint
ALTER TABLE "personalized_journeys" ADD COLUMN "stream_ended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "personalized_journey_segments" ADD CONSTRAINT "personalized_journey_segments_journey_id_personalized_journeys_id_fk" FOREIGN KEY ("journey_id") REFERENCES "public"."personalized_journeys"("id") ON DELETE cascade ON UPDATE no action;