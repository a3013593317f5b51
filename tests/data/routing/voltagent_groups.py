"""The VoltAgent agents that are equally right for one kind of work, named once for every VoltAgent set here
(make_voltagent_*.py), so that the sets label that work alike: a security audit is either auditor's, docs either
writer's, and so on. A set's own groups, used by it alone, stay in its writer.
"""
AUDIT = ["security-auditor", "penetration-tester"]
DOCS = ["technical-writer", "documentation-engineer"]
DEPLOY = ["deployment-engineer", "devops-engineer"]
DEBUG = ["debugger", "error-detective"]
INCIDENT = ["incident-responder", "devops-incident-responder"]
WINDOWS = ["windows-infra-admin", "powershell-5.1-expert"]
PAYMENTS = ["payment-integration", "fintech-engineer"]
SERVING = ["machine-learning-engineer", "ml-engineer"]
SLOW_SQL = ["database-optimizer", "sql-pro"]
