CREATE TABLE "credit_check_identities" (
	"account_id" text PRIMARY KEY NOT NULL,
	"dealer" text NOT NULL,
	"identity_key" text NOT NULL,
	"bound_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_checks" DROP CONSTRAINT "credit_checks_account_id_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "credit_checks" ADD COLUMN "identity_key" text;--> statement-breakpoint
ALTER TABLE "spin_draws" ADD COLUMN "email_key" text;--> statement-breakpoint
ALTER TABLE "credit_check_identities" ADD CONSTRAINT "credit_check_identities_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_check_identities_person_idx" ON "credit_check_identities" USING btree ("dealer","identity_key");--> statement-breakpoint
ALTER TABLE "credit_checks" ADD CONSTRAINT "credit_checks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_checks_identity_idx" ON "credit_checks" USING btree ("dealer","identity_key","checked_at");--> statement-breakpoint
CREATE UNIQUE INDEX "spin_draws_mailbox_idx" ON "spin_draws" USING btree ("dealer","campaign","email_key");