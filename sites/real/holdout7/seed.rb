# Seed the holdout7 Redmine with a small "Wonderland" tracker. Run by sites/real/holdout7/setup
# through `rails runner` on a fresh database that holds Redmine's default data (en).
# Dates are relative to today; timestamps are spread over the last nine days so that the
# activity page (10 days by default) shows all of it.

# mails (e.g. the security notice for a new admin) are sent in this thread, not by Rails'
# async job threads, whose second SQLite connection can lock the database out from under us
ActiveJob::Base.queue_adapter = :inline

PASSWORD = ENV.fetch('WEBAGENT_REAL_PASSWORD', 'wonderland-42')
TODAY = Date.today

def at(days_ago, hour, minute = 0)
  t = (TODAY - days_ago).to_time
  t + hour * 3600 + minute * 60
end

# Textile turns a single newline into a line break: join the lines of each plain paragraph
# (lists, tables and headings keep theirs)
def unwrap(text)
  text.split(/\n{2,}/).map do |block|
    lines = block.split("\n")
    lines.any? { |l| l =~ /\A\s*([*#|]|h\d\.)/ } ? block : lines.join(' ')
  end.join("\n\n") + "\n"
end

def backdate(record, time, *columns)
  columns = %i[created_on updated_on] if columns.empty?
  columns &= record.class.column_names.map(&:to_sym)
  record.update_columns(columns.to_h { |c| [c, time] })
end

# -- settings ----------------------------------------------------------------------------------
Setting.app_title = 'Wonderland Redmine'
Setting.welcome_text = unwrap(<<~TEXT)
  h2. Welcome to Wonderland

  This Redmine keeps track of everything that goes wrong (and a few things that go right) at
  the *Mad Tea Party* and on the *Queen's Croquet Ground*.

  * Report a broken teapot or a missing guest in the "Mad Tea Party":/projects/tea-party project.
  * Read the "Tea Party Handbook":/projects/tea-party/wiki before you sit down.
TEXT
Setting.host_name = '127.0.0.1:8090'
Setting.protocol = 'http'
Setting.default_language = 'en'
Setting.text_formatting = 'textile'
Setting.notified_events = []
Setting.self_registration = '2'
Setting.lost_password = '1'
Setting.login_required = '0'
Setting.gravatar_enabled = '0'

# -- users -------------------------------------------------------------------------------------
def user(login, first, last, mail, admin: false, password: nil)
  u = User.new(firstname: first, lastname: last, mail: mail, language: 'en')
  u.login = login
  u.admin = admin
  u.password = u.password_confirmation = (password || SecureRandom.hex(16))
  u.status = User::STATUS_ACTIVE
  u.mail_notification = 'none'
  u.save!
  u
end

alice = user('alice', 'Alice', 'Liddell', 'alice@wonderland.example', admin: true, password: PASSWORD)
hatter = user('hatter', 'Mad', 'Hatter', 'hatter@wonderland.example')
rabbit = user('rabbit', 'White', 'Rabbit', 'rabbit@wonderland.example')
cheshire = user('cheshire', 'Cheshire', 'Cat', 'cheshire@wonderland.example')
[alice, hatter, rabbit, cheshire].each_with_index { |u, i| backdate(u, at(12 - i, 9), :created_on, :updated_on) }

manager = Role.find_by!(name: 'Manager')
developer = Role.find_by!(name: 'Developer')
reporter = Role.find_by!(name: 'Reporter')

bug = Tracker.find_by!(name: 'Bug')
feature = Tracker.find_by!(name: 'Feature')
support = Tracker.find_by!(name: 'Support')
st = IssueStatus.all.index_by(&:name)
pr = IssuePriority.all.index_by(&:name)
activity = TimeEntryActivity.all.index_by(&:name)

MODULES = %w[issue_tracking time_tracking news documents files wiki boards calendar gantt]

# -- projects ----------------------------------------------------------------------------------
def project(name, identifier, description, is_public:, homepage: nil)
  p = Project.new(name: name, identifier: identifier, description: unwrap(description),
                  is_public: is_public, homepage: homepage)
  p.enabled_module_names = MODULES
  p.trackers = Tracker.all
  p.save!
  p
end

tea = project('Mad Tea Party', 'tea-party', <<~TEXT, is_public: true, homepage: 'http://wonderland.example/tea')
  The never-ending tea party under the tree in front of the March Hare's house: the table,
  the teapots, the guests and the riddles. It is always six o'clock here.
TEXT
croquet = project("Queen's Croquet Ground", 'croquet-ground', <<~TEXT, is_public: false)
  Private work for the Queen of Hearts: the croquet ground, the gardeners and the rose trees.
  Members only. Off with their heads.
TEXT
old = project('Old Rabbit Hole', 'rabbit-hole', <<~TEXT, is_public: true)
  The way down, retired after the fall. Kept for the record (archived).
TEXT

def member(project, user, *roles)
  Member.create!(project: project, principal: user, roles: roles)
end

member(tea, alice, manager)
member(tea, hatter, developer)
member(tea, rabbit, developer)
member(tea, cheshire, reporter)
member(croquet, alice, manager)
member(croquet, rabbit, developer)
member(croquet, hatter, reporter)
member(old, rabbit, manager)

# -- versions and categories -------------------------------------------------------------------
v09 = Version.create!(project: tea, name: "0.9 Six o'clock", effective_date: TODAY - 5,
                      description: 'The clock stopped: tea-time forever')
v10 = Version.create!(project: tea, name: '1.0 Unbirthday', effective_date: TODAY + 12,
                      description: 'Everything ready for the unbirthday party', sharing: 'none')
v11 = Version.create!(project: tea, name: '1.1 Treacle Well', effective_date: TODAY + 40,
                      description: 'Treacle supply and the three little sisters')
vq = Version.create!(project: croquet, name: 'Royal Match', effective_date: TODAY + 7,
                     description: 'The Queen plays at three')

tableware = IssueCategory.create!(project: tea, name: 'Tableware')
guests = IssueCategory.create!(project: tea, name: 'Guests')
riddles = IssueCategory.create!(project: tea, name: 'Riddles')
garden = IssueCategory.create!(project: croquet, name: 'Garden')

# -- issues ------------------------------------------------------------------------------------
def issue(project, tracker, subject, description, author:, created:, status: 'New',
          priority: 'Normal', assigned_to: nil, version: nil, category: nil, start: nil,
          due: nil, estimated: nil, done: 0)
  i = Issue.new(project: project, tracker: tracker, subject: subject, description: unwrap(description),
                author: author)
  i.status = IssueStatus.find_by!(name: status)
  i.priority = IssuePriority.find_by!(name: priority)
  i.assigned_to = assigned_to
  i.fixed_version = version
  i.category = category
  i.start_date = start || created.to_date
  i.due_date = due
  i.estimated_hours = estimated
  i.done_ratio = done
  i.save!
  backdate(i, created)
  i.update_columns(closed_on: created) if i.closed?
  i
end

# the issue with a history: created plain, then changed in four steps with notes
teapot = issue(tea, bug, 'Teapot leaks onto the tablecloth', <<~TEXT, author: rabbit,
  The big teapot leaks from the spout *and* the lid whenever the Hatter pours in a hurry
  (which is always).

  Steps to reproduce:
  # Fill the teapot to the brim.
  # Shout "Move down!" and change places.
  # Look at the tablecloth.

  Expected: dry tablecloth. Actual: a lake, and a very wet Dormouse.
TEXT
  created: at(9, 10, 5), status: 'New', priority: 'Normal', category: tableware,
  version: v10, start: TODAY - 9, due: TODAY + 6, estimated: 6)
[
  [hatter, at(8, 11, 20), "I can't reproduce it: my cup is always full.",
   ->(i) { i.assigned_to = hatter }],
  [alice, at(7, 16, 45), "It happens every time we move one place on. Raising the priority: the " \
   "Duchess is coming on Thursday.", ->(i) { i.priority = pr['High'] }],
  [hatter, at(5, 9, 10), "Found it: the lid is a size too small (it's a *March Hare* lid). " \
   "Ordering a new one.", ->(i) { i.status = st['In Progress']; i.done_ratio = 40 }],
  [rabbit, at(3, 14, 30), "Oh my ears and whiskers, it's still leaking! The new lid came with the " \
   "wrong spout.", ->(i) { i.status = st['Feedback'] }],
  [hatter, at(1, 17, 0), "New spout fitted, please check at six o'clock.",
   ->(i) { i.status = st['In Progress']; i.done_ratio = 70 }],
].each do |who, time, notes, change|
  teapot = Issue.find(teapot.id) # a fresh object: init_journal starts a new journal
  teapot.init_journal(who, notes)
  change.call(teapot)
  teapot.save!
  teapot.current_journal.then { |j| backdate(j, time) }
  teapot.update_columns(updated_on: time)
end

move_on = issue(tea, feature, 'Move everyone one place on when the cups are dirty',
  "Instead of washing up, every guest moves one place on to a clean cup.\n\nOnly the Hatter gets " \
  "any advantage from the change; that is acceptable.", author: hatter, created: at(9, 15),
  assigned_to: hatter, version: v10, category: guests, due: TODAY + 10, estimated: 2)
dormouse = issue(tea, bug, 'Dormouse falls asleep in the teapot',
  "Twice this week the Dormouse was found asleep inside the teapot. Please put a lid on it or " \
  "wake him up.", author: alice, created: at(8, 12), status: 'Feedback', priority: 'Urgent',
  assigned_to: rabbit, version: v10, category: guests, done: 30)
raven = issue(tea, support, 'Why is a raven like a writing-desk?',
  'The Hatter asked this riddle and nobody knows the answer, not even the Hatter. Is there one?',
  author: alice, created: at(8, 16), priority: 'Low', category: riddles)
clock = issue(tea, feature, "Clock that always shows six o'clock",
  "Since the quarrel with Time the clock has to show six o'clock, always. Make it official.",
  author: hatter, created: at(7, 9), status: 'Resolved', assigned_to: hatter, version: v09,
  done: 100, estimated: 1)
butter = issue(tea, bug, 'Butter in the watch works',
  "The watch is two days wrong. I told you butter wouldn't suit the works! (It was the best " \
  'butter.)', author: hatter, created: at(7, 14), status: 'Closed', priority: 'High',
  assigned_to: rabbit, version: v09, category: tableware, done: 100)
no_room = issue(tea, feature, "Add a 'No room!' sign for the table",
  'The table is large but everybody keeps crying "No room! No room!". A sign would save breath.',
  author: cheshire, created: at(6, 11), status: 'Rejected', priority: 'Low', category: guests)
treacle = issue(tea, support, 'How much treacle is left in the well?',
  'We need to know before the three little sisters draw any more.', author: rabbit,
  created: at(6, 15), status: 'In Progress', assigned_to: alice, version: v11, done: 20,
  estimated: 3)
milk = issue(tea, bug, 'Milk jug tipped over at every move', <<~TEXT, author: alice,
  The March Hare upsets the milk jug into his plate each time we move on. Related to the teapot
  leak.
TEXT
  created: at(5, 10), version: v10, category: tableware)
cake = issue(tea, feature, 'Unbirthday cake recipe page',
  'A wiki page with the unbirthday cake recipe, so anyone can bake one on any of the 364 days.',
  author: hatter, created: at(4, 13), status: 'In Progress', assigned_to: rabbit, version: v11,
  done: 50, start: TODAY - 4, due: TODAY + 20)
invites = issue(tea, bug, 'Invitations delivered to the wrong house',
  "The Frog-Footman delivered the Queen's invitation to the Duchess's house instead. Fix the " \
  'address list before the party.', author: rabbit, created: at(3, 9), priority: 'Immediate',
  assigned_to: alice, version: v10, category: guests, due: TODAY + 2)
riddle_list = issue(tea, feature, 'Riddle list without answers',
  'Keep a list of riddles for the party. Answers optional (none known so far).', author: cheshire,
  created: at(2, 11), status: 'Feedback', priority: 'Low', version: v11, category: riddles)

roses = issue(croquet, bug, 'White roses planted by mistake',
  'Five, Seven and Two planted white rose trees. They are being painted red before the Queen ' \
  'comes.', author: rabbit, created: at(6, 9), status: 'In Progress', priority: 'Urgent',
  assigned_to: rabbit, version: vq, category: garden, done: 60)
flamingos = issue(croquet, feature, 'Flamingo mallets for every player',
  'Each player needs a live flamingo as a mallet; they keep twisting round.', author: alice,
  created: at(4, 10), version: vq, assigned_to: alice)
hedgehogs = issue(croquet, support, 'Hedgehog balls keep wandering off',
  'The hedgehogs unroll and crawl away in the middle of a game. Advice wanted.', author: hatter,
  created: at(2, 15), status: 'Feedback', priority: 'High', category: garden)

IssueRelation.create!(issue_from: milk, issue_to: teapot, relation_type: 'relates')
IssueRelation.create!(issue_from: riddle_list, issue_to: raven, relation_type: 'relates')
Watcher.find_or_create_by!(watchable: teapot, user: alice)
Watcher.find_or_create_by!(watchable: invites, user: rabbit)

# a few notes on other issues
[[dormouse, hatter, at(6, 17), 'Put treacle on his nose: that usually wakes him.'],
 [dormouse, alice, at(2, 10), 'Still asleep. Waiting for the Dormouse to confirm.'],
 [raven, hatter, at(5, 12), "I haven't the slightest idea."],
 [cake, rabbit, at(1, 11), 'Draft recipe is on the wiki: [[Unbirthday Cake]].']].each do |i, who, time, notes|
  i = Issue.find(i.id)
  i.init_journal(who, notes)
  i.save!
  i.current_journal.then { |j| backdate(j, time) }
  i.update_columns(updated_on: time)
end

v09.update!(status: 'closed')

# -- time entries ------------------------------------------------------------------------------
[[teapot, hatter, 5, 1.5, 'Development', 'Measured the lid'],
 [teapot, hatter, 1, 2.0, 'Development', 'Fitted the new spout'],
 [teapot, alice, 7, 0.5, 'Design', 'Looked at the leak'],
 [treacle, alice, 4, 1.0, 'Development', 'Lowered a bucket into the well'],
 [cake, rabbit, 2, 2.5, 'Design', 'Baked a test cake'],
 [clock, hatter, 7, 0.75, 'Development', "Set to six o'clock"],
 [roses, rabbit, 5, 3.0, 'Development', 'Painting the roses red']].each do |i, who, days, hours, act, comment|
  te = TimeEntry.new(project: i.project, issue: i, user: who, author: who, hours: hours,
                     spent_on: TODAY - days, activity: activity.fetch(act), comments: comment)
  te.save!
  backdate(te, at(days, 18))
end

# -- wiki --------------------------------------------------------------------------------------
def wiki_page(project, title, versions, parent: nil)
  page = WikiPage.new(wiki: project.wiki, title: title)
  page.parent = parent
  content = WikiContent.new(page: page)
  versions.each_with_index do |(who, time, text, comment), n|
    if n.zero?
      content.text = unwrap(text)
      content.author = who
      content.comments = comment
      page.content = content
      page.save!
      content.save! unless content.persisted?
    else
      content.reload
      content.text = unwrap(text)
      content.author = who
      content.comments = comment
      content.save!
    end
    content.reload
    content.update_columns(updated_on: time)
    content.versions.order(:version).last.update_columns(updated_on: time)
  end
  page.update_columns(created_on: versions.first[1])
  page
end

handbook1 = <<~TEXT
  h1. Tea Party Handbook

  Welcome to the Mad Tea Party. Tea is served at six o'clock, which is always.

  * [[Seating Plan]]
  * [[House Rules]]
TEXT
handbook2 = <<~TEXT
  h1. Tea Party Handbook

  Welcome to the Mad Tea Party. Tea is served at six o'clock, which is always, so there is no
  time to wash the things between whiles.

  h2. Before you sit down

  Look at the [[Seating Plan]] and read the [[House Rules]]. There is always room, whatever
  anyone says.

  h2. Pages

  * [[Seating Plan]]
  * [[House Rules]]
  * [[Riddles]]
TEXT
handbook3 = <<~TEXT
  h1. Tea Party Handbook

  Welcome to the Mad Tea Party under the tree in front of the March Hare's house. Tea is served
  at six o'clock, which is always, so there is no time to wash the things between whiles: when
  the cups are used up, everybody moves one place on.

  h2. Before you sit down

  Look at the [[Seating Plan]] and read the [[House Rules]]. There is always room, whatever
  anyone says. Take some more tea (you can always take _more_ than nothing).

  h2. Pages

  * [[Seating Plan]]: who sits where, and what is in front of them
  * [[House Rules]]: what not to say to the Hatter
  * [[Riddles]]: the riddles asked so far
  * [[Unbirthday Cake]]: the recipe

  Report anything broken in the "issue tracker":/projects/tea-party/issues.
TEXT
handbook4 = handbook3.sub('(you can always take _more_ than nothing)',
                          '(it is very easy to take _more_ than nothing)')

start = wiki_page(tea, 'Wiki', [
  [alice, at(9, 9), handbook1, 'First draft'],
  [hatter, at(7, 10), handbook2, 'More about sitting down'],
  [alice, at(4, 16), handbook3, 'Links to every page'],
  [cheshire, at(1, 15), handbook4, 'Grammar'],
])
wiki_page(tea, 'Seating_Plan', [
  [hatter, at(8, 14), <<~TEXT, 'The table'],
    h1. Seating Plan

    Everybody moves one place on when the cups are dirty. The plan below is the one at six o'clock.

    |_. Seat |_. Guest |_. In front of them |_. Notes |
    | 1 | Mad Hatter | a clean cup | always gets the clean one |
    | 2 | March Hare | the milk jug | upsets it into his plate |
    | 3 | Dormouse | the teapot | usually asleep in it |
    | 4 | Alice | bread-and-butter | arrived uninvited |
    | 5 | (empty) | a dirty cup | "No room!" |
  TEXT
  [alice, at(3, 11), <<~TEXT, 'Alice sits in the large arm-chair'],
    h1. Seating Plan

    Everybody moves one place on when the cups are dirty. The plan below is the one at six o'clock.

    |_. Seat |_. Guest |_. In front of them |_. Notes |
    | 1 | Mad Hatter | a clean cup | always gets the clean one |
    | 2 | March Hare | the milk jug | upsets it into his plate |
    | 3 | Dormouse | the teapot | usually asleep in it |
    | 4 | Alice | bread-and-butter | in the large arm-chair at one end |
    | 5 | (empty) | a dirty cup | "No room!" |
  TEXT
], parent: start)
wiki_page(tea, 'House_Rules', [
  [hatter, at(8, 15), <<~TEXT, ''],
    h1. House Rules

    # Never say "there's plenty of room".
    # You should learn not to make personal remarks: it's very rude.
    # Do not ask what the time is. It is six o'clock.
    # Say what you mean, and mean what you say (they are not the same thing).
  TEXT
], parent: start)
wiki_page(tea, 'Riddles', [
  [hatter, at(6, 12), <<~TEXT, 'The raven'],
    h1. Riddles

    h2. Why is a raven like a writing-desk?

    Nobody knows. The Hatter hasn't the slightest idea either. See #4.
  TEXT
])
wiki_page(tea, 'Unbirthday_Cake', [
  [rabbit, at(1, 10), <<~TEXT, 'Draft'],
    h1. Unbirthday Cake

    A very merry unbirthday to you! There are 364 unbirthdays a year, so bake often.

    h2. Ingredients

    * 3 cups of flour (the Hatter's)
    * 1 pot of treacle (see [[Riddles]] for the well)
    * 6 currants, spelling EAT ME

    h2. Method

    Mix, bake until six o'clock, and serve with tea. Eat only a little at first.
  TEXT
])
wiki_page(croquet, 'Wiki', [
  [alice, at(5, 9), <<~TEXT, ''],
    h1. Croquet Rules

    The players all play at once, without waiting for turns. The balls are live hedgehogs, the
    mallets live flamingos, and the soldiers double themselves up to make the arches.
  TEXT
])

# -- news with a comment -----------------------------------------------------------------------
party = News.create!(project: tea, author: alice, title: 'Table laid for the unbirthday party',
  summary: 'The long table is laid under the tree: come whenever it is six o\'clock.',
  description: unwrap(<<~TEXT))
  The table is laid with many tea-things. The Hatter has a new hat (10/6), the March Hare has
  fresh butter, and the Dormouse has promised to stay awake.

  Please check the [[Seating Plan]] before sitting down.
TEXT
backdate(party, at(6, 8), :created_on)
comment = Comment.create!(commented: party, author: hatter, content: 'Your hair wants cutting.')
backdate(comment, at(5, 18))
clock_news = News.create!(project: tea, author: hatter, title: "Clock fixed at six o'clock",
  summary: 'Time and the Hatter quarrelled: the clock now shows six for good.',
  description: "It's always tea-time now. See the 0.9 version on the roadmap.")
backdate(clock_news, at(4, 9), :created_on)
secret = News.create!(project: croquet, author: alice, title: 'The Queen will play at three',
  summary: 'Everybody to the croquet ground.', description: 'Get to your places!')
backdate(secret, at(3, 9), :created_on)

# -- forums ------------------------------------------------------------------------------------
general = Board.create!(project: tea, name: 'General', description: 'Talk about the tea party')
riddle_board = Board.create!(project: tea, name: 'Riddles and Answers',
                             description: 'Ask a riddle, maybe get an answer')
Board.create!(project: croquet, name: "Gardeners' Corner", description: 'Paint, roses, spades')

def post(board, author, time, subject, content, parent: nil)
  m = Message.new(board: board, author: author, subject: subject, content: content)
  m.parent = parent
  m.save!
  backdate(m, time)
  parent&.update_columns(updated_on: time)
  m
end

seat = post(general, rabbit, at(7, 11), 'Where should the Dormouse sit?',
            'He keeps falling asleep in the teapot. Could he sit between two cushions instead?')
post(general, hatter, at(7, 13), 'RE: Where should the Dormouse sit?',
     'Between the March Hare and me, so we can rest our elbows on him.', parent: seat)
post(general, alice, at(6, 10), 'RE: Where should the Dormouse sit?',
     "That doesn't seem very comfortable for the Dormouse.", parent: seat)
post(general, hatter, at(4, 17), 'Tea or more tea?',
     "Take some more tea. You can't take less than nothing, it's very easy to take more than nothing.")
post(riddle_board, cheshire, at(2, 20), 'Which way ought I to go from here?',
     'That depends a good deal on where you want to get to.')

# -- archive the old project last (an admin asking for it gets Redmine's 403 page) ------------
old.archive

counts = { users: User.where(type: 'User').count, projects: Project.count, issues: Issue.count,
           journals: Journal.count, wiki_pages: WikiPage.count,
           wiki_versions: WikiContentVersion.count, news: News.count, comments: Comment.count,
           boards: Board.count, messages: Message.count, versions: Version.count,
           time_entries: TimeEntry.count }
puts counts.map { |k, v| "  #{k}: #{v}" }
