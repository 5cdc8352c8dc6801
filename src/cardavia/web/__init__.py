"""The site: HTTP, templates, languages and static assets (architecture.md §1, §6)."""
