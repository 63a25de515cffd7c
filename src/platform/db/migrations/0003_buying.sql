CREATE TABLE "credit_checks" (
	"id" text PRIMARY KEY NOT NULL,
	"dealer" text NOT NULL,
	"account_id" text,
	"consent" jsonb NOT NULL,
	"band" text NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"dealer" text NOT NULL,
	"payment_id" text,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"dealer" text NOT NULL,
	"account_id" text,
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"car_id" text,
	"reference" text,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"status_reason" text,
	"lead_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"refunded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" text PRIMARY KEY NOT NULL,
	"dealer" text NOT NULL,
	"car_id" text NOT NULL,
	"payment_id" text NOT NULL,
	"account_id" text,
	"status" text DEFAULT 'held' NOT NULL,
	"held_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "spin_draws" (
	"dealer" text NOT NULL,
	"campaign" text NOT NULL,
	"account_id" text NOT NULL,
	"prize_id" text NOT NULL,
	"roll" text NOT NULL,
	"odds" jsonb NOT NULL,
	"voucher_code" text,
	"lead_id" text,
	"drawn_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spin_draws_dealer_campaign_account_id_pk" PRIMARY KEY("dealer","campaign","account_id")
);
--> statement-breakpoint
ALTER TABLE "credit_checks" ADD CONSTRAINT "credit_checks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_checks_account_idx" ON "credit_checks" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payments_dealer_idx" ON "payments" USING btree ("dealer","created_at");--> statement-breakpoint
CREATE INDEX "payments_account_idx" ON "payments" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_idx" ON "payments" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_one_hold_idx" ON "reservations" USING btree ("dealer","car_id") WHERE "reservations"."status" = 'held';--> statement-breakpoint
CREATE INDEX "reservations_held_until_idx" ON "reservations" USING btree ("status","held_until");--> statement-breakpoint
CREATE INDEX "spin_draws_prize_idx" ON "spin_draws" USING btree ("dealer","campaign","prize_id");