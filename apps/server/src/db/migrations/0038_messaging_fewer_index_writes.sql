-- Each message sent wrote about twenty index entries (conversations, messages, conversation
-- changes, notifications, the activity log). One of them bought nothing:
-- messages_conversation_created_idx. Every read of messages orders by "seq", through
-- messages_conversation_seq_unique, which also leads with the conversation (for the cascade from
-- conversations); nothing reads messages by conversation and time.
DROP INDEX IF EXISTS "messages_conversation_created_idx";
