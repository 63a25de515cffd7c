CREATE TABLE "lead_responses" (
	"lead_id" text PRIMARY KEY NOT NULL,
	"dealer" text NOT NULL,
	"source" text NOT NULL,
	"location" text,
	"received_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" text,
	"escalations" integer DEFAULT 0 NOT NULL,
	"next_escalation_at" timestamp with time zone,
	"thread_id" text NOT NULL,
	"shopper_email" text,
	"shopper_phone" text,
	"car_id" text
);
--> statement-breakpoint
ALTER TABLE "lead_responses" ADD CONSTRAINT "lead_responses_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_responses_escalation_idx" ON "lead_responses" USING btree ("next_escalation_at") WHERE "lead_responses"."next_escalation_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "lead_responses_dealer_received_idx" ON "lead_responses" USING btree ("dealer","received_at");