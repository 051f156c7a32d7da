CREATE TYPE "public"."pay_type" AS ENUM('annual', 'hourly', 'perShift', 'perDiem', 'perRvu');--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "salary_pay_type" "pay_type";