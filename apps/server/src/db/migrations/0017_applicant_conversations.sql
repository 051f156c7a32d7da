-- One conversation per job and physician, whether an accepted invite opened it or a member wrote
-- to a physician who applied (start-conversation). Existing rows cannot collide: until now only
-- an accepted match opened a conversation, and a job and physician have at most one accepted
-- match (accepted is final; matches_active_unique). Rows whose job was deleted have a null job_id
-- and stay distinct.
CREATE UNIQUE INDEX "conversations_job_physician_unique" ON "conversations" USING btree ("job_id","physician_id");
