"""The shared base every layer above may use: files written whole (files), a person's JSON documents
(documents), bounds on what is read (limits), why the system refused a file (reasons), the locale's language
(language), the command's exit statuses (exits) and the files companion ships (resources)."""
