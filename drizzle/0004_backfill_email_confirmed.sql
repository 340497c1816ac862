-- Accounts that followed a mailed reset or verification link before email_confirmed_at existed proved
-- their mailbox then: a later Google sign-in must not treat them as unproven.
UPDATE `users` SET `email_confirmed_at` = (
  SELECT max(`used_at`) FROM (
    SELECT `used_at` FROM `password_reset_tokens` WHERE `user_id` = `users`.`id` AND `used_at` IS NOT NULL
    UNION ALL
    SELECT `used_at` FROM `email_verification_tokens` WHERE `user_id` = `users`.`id` AND `used_at` IS NOT NULL
  )
)
WHERE `email_confirmed_at` IS NULL;
