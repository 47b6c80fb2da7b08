CREATE TABLE "analytics_journeys" (
	"journey_id" text PRIMARY KEY NOT NULL,
	"partner_id" text,
	"opened_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp (3) with time zone NOT NULL,
	"channel" text NOT NULL,
	"outcome" text NOT NULL,
	"kind" text NOT NULL,
	"reason" text,
	"area_code" text,
	"cost_cents" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "funnel_events" ADD COLUMN "partner_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_mac" text;--> statement-breakpoint
CREATE INDEX "message_events_at" ON "message_events" USING btree ("at","channel");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_phone_mac_unique" UNIQUE("phone_mac");