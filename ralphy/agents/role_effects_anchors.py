"""The anchors of ``role_effects.ROLE_EFFECTS_SOURCE``'s patterns (``pattern_anchors.anchors_of``), written by
``python -m ralphy.agents.role_effects > ralphy/agents/role_effects_anchors.py``; tests check they are
current."""

ANCHORS: dict[str, tuple[str, ...]] = {
    'dependencies': (
        ' audit', 'abandoned', 'advisories', 'alerts', 'ancient', 'crate', 'current', 'cves', 'date', 'dependabot',
        'dependenc', 'deprecated', 'deps', 'gem', 'librar', 'modules', 'package', 'patched', 'pip-audit', 'plugins',
        'renovate', 'unmaintained', 'unused ', 'version ', 'vulnerable', 'years',
    ),
    'developer experience': (
        'before', 'command', 'developer ', 'devex', 'environment', 'full build', 'just to', 'minutes', 'rebuild',
        'restart', 'seconds', 'set-up', 'setup', 'to get', 'until', 'wait',
    ),
    'build': (
        ' time', 'build', 'compil', 'hermetic', 'reproducible', 'slow ',
    ),
    'git workflow': (
        'branch', 'history', 'merge conflict', 'trunk',
    ),
    'docs drift': (
        'no longer match', 'out of date', 'out of sync', 'outdated', 'stale', 'still ',
    ),
    'platform': (
        ' a ticket ', 'golden path', 'internal developer p', 'on their own', 'paved road', 'scaffold', 'service ',
        'themselves', 'wait', 'without ',
    ),
    'reliability': (
        'alert fatigue', 'noisy ', 'paged', 'pager ', 'too many ', 'woken',
    ),
    'database operations': (
        ' failover', 'actually work', 'backup', 'failover ', 'if the ', 'never been tested', 'replica',
        'restorable', 'restore', 'time recovery', 'untested',
    ),
    'quality': (
        ' defect', 'ahead of', 'before', 'escap', 'reach', 'slip',
    ),
    'chaos': (
        'game', 'survive ', 'what happens ',
    ),
    'prompts': (
        'answer', 'ignor', 'preachy', 'robotic', 'rude', 'script', 'topic', 'verbose',
    ),
    'data analysis': (
        'attributes', 'factors', 'features', 'how many ', 'markers', 'variables', 'we have ', 'which ',
    ),
    'data pipelines': (
        'each night', 'every ', 'nightly', 'within ',
    ),
    'predictive model': (
        'forecast', 'predict',
    ),
    'deliverability': (
        'bounc', 'junk', 'never arrive', 'promotion', 'spam', 't arrive', 't delivered',
    ),
    'product': (
        ' we build ', 'bets', 'decide wh', 'feature requests', 'ideas', 'make ', 'requested features',
        'what to build ', 'which ',
    ),
    'project': (
        ' critical path', 'behind schedule', 'milestone', 'over budget', 'raci', 'slipping', 'status report',
        'who does what', 'work breakdown',
    ),
    'scrum': (
        ' finish ', ' velocity', 'agile ceremon', 'burn', 'retro', 'sprint ', 'stand', 'velocity ',
    ),
    'business process': (
        ' process', 'how ', 'process map', 'requirements', 'stakeholder interview', 'what ',
    ),
    'customer success': (
        ' adoption', ' renewal', ' using', 'account', 'agencies', 'client', 'customer', 'district',
        'expansion revenue', 'firms', 'hospital', 'partners', 'practices', 'school', 'store', 'tenant', 'upsell',
    ),
    'assumptions': (
        ' of faith', ' to be true ', 'could', 'might', 'riskiest', 'what must be true ', 'would',
    ),
    'idea validation': (
        'go or no-go', 'go/no-go', 'idea ', 'pay for ', 'worth building',
    ),
    'growth': (
        'co-workers', 'colleagues', 'coworkers', 'each ', 'flywheel', 'friends', 'grow without ', 'referral ',
        'teammates', 'viral', 'word of mouth',
    ),
    'content marketing': (
        'articles', 'blog post', 'case studies', 'content', 'editorial', 'emails', 'newsletter', 'posts',
    ),
    'copywriting': (
        ' page', ' to action', 'clearer', 'hero ', 'punchier', 'sharper', 'snappier',
    ),
    'legal': (
        ' sued', 'contract ', 'indemnif', 'liabilit', 'nda', 'terms of ', 'trademark',
    ),
    'compliance': (
        'are we ', 'breach', 'complies with', 'comply with', 'satisfies', 'satisfy', 'violate',
    ),
    'licensing': (
        'closed', 'copyleft', 'gpl', 'notice file', 'sbom', 'source',
    ),
    'risk': (
        ' exposure', 'appetite', 'bank', 'client', 'concentration risk', 'counterpart', 'credit ', 'customer',
        'exposure to ', 'likelihood', 'matrix', 'register', 'supplier', 'value at risk', 'vendor',
        'what happens to ',
    ),
    'first principles': (
        ' assumptions', ' copying', 'first principles', 'out from', 'scratch', 'the ground up',
    ),
    'a/b test': (
        '% ', 'ariant', 'arm', 'control ', 'enough ', 'ersion', 'holdout group', 'how long ', 'is it', 'is that',
        'just', 'really ', 'ship ', 'statistically significant', 'was it', 'was that',
    ),
    'cohort': (
        ' back ', ' off after ', 'installed', 'joined', 'signed up', 'started', 'stick around', 'still ',
        'subscribed',
    ),
    'competition': (
        ' us', 'compare', 'feature comparison', 'measure up', 'position', 'rival', 'stack up', 'what do',
    ),
    'market research': (
        'buy enough', 'enough ', 'how big ', 'how many ', 'market siz', 'sam and som', 'tam',
    ),
    'trends': (
        ' next for', 'emerging ', 'future scenario', 'heading', 'industry shift', 'scenarios',
    ),
    'literature': (
        'meta-analys', 'papers', 'publications', 'published ', 'reviewed', 'studies', 'systematic review', 'trials',
        'what do',
    ),
    'backlog': (
        'backlog', 'issues', 'jira', 'stories', 'tickets',
    ),
    'task distribution': (
        'balance', 'distribute', 'divide', 'first', 'share', 'split', 'spread',
    ),
    'agent coordination': (
        'each other', 'one another', 'which ',
    ),
    'agent organisation': (
        'agents', 'who does which ',
    ),
    'agent failures': (
        'cascad',
    ),
    'agent logs': (
        'agent', 'session', 'transcripts',
    ),
    'mcp': (
        'claude', 'copilot', 'cursor', 'our agent', 'the agent', 'the assistant', 'the llm', 'the model',
    ),
    'slack': (
        'channel', 'from', 'in', 'message', 'on', 'post', 'thread', 'to',
    ),
    'embedded': (
        'deadline', 'interrupt latency',
    ),
    'codebase orchestration': (
        'approval before each', 'in batches',
    ),
    'architecture review': (
        'an anti', 'architecture', 'bad idea', 'design', 'engineered', 'mistake', 'second opinion on ', 'smell',
    ),
    'visual design': (
        ' the ', 'different', 'inconsistent', 'look', 'mock', 'wireframe',
    ),
    'ai writing': (
        'generated', 'sound', 'written',
    ),
    'privacy': (
        ' we ', 'cookie consent', 'data', 'information', 'is it legal to', 'may we', 'right to be forgotten',
    ),
    'people operations': (
        ' leave', 'designer', 'developer', 'drivers', 'engineer', 'interview ', 'job ', 'manager', 'nurses',
        'offboarding', 'people', 'pto', 'staff',
    ),
    'customer support': (
        'answer', 'backlog', 'canned re', 'csat', 'macros', 'queue', 'reply', 'respond',
    ),
    'sales outreach': (
        'cold ', 'follow', 'lead nurtur', 'outreach ',
    ),
    'code archaeology': (
        ' joined', ' way around', 'new to ', 'nobody ', 'where are the risky parts',
    ),
    'startup finances': (
        ' last', 'break', 'burn rate', 'financial ', 'unit economics',
    ),
    'diagrams': (
        'chart of how', 'diagram', 'flow chart', 'flowchart',
    ),
}
