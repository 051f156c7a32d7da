CREATE TYPE "public"."invite_origin" AS ENUM('recommended', 'explore');--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "origin" "invite_origin";