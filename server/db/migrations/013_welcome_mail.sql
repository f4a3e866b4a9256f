-- The welcome e-mail a reader gets for each list they confirm (docs/subscriptions.md): the owner
-- turns it on or off and may replace its words in the dashboard's Mail view. One row; `body` NULL
-- means the default words (src/shared/messages/welcome.ts). It holds no reader's data.
CREATE TABLE welcome_mail (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  enabled boolean NOT NULL DEFAULT true,
  body text CHECK (char_length(body) BETWEEN 1 AND 2000),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO welcome_mail (id) VALUES (true);
