CREATE TABLE "record_segments" (
	"record_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"url" text NOT NULL,
	"seconds" real NOT NULL,
	CONSTRAINT "record_segments_record_id_position_pk" PRIMARY KEY("record_id","position")
);
--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "stream_seconds" real;--> statement-breakpoint
ALTER TABLE "record_segments" ADD CONSTRAINT "record_segments_record_id_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."records"("id") ON DELETE cascade ON UPDATE no action;