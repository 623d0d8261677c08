#!/usr/bin/perl
# Seed the Request Tracker of sites/real/holdout26 (run by its `setup`, on a fresh database),
# through RT's own Perl API: Wonderland users, a staff group, three queues with their rights,
# and 17 tickets with correspondence and comments by several people, in several statuses.
# The password of alice and root comes from $WEBAGENT_REAL_PASSWORD; it is written nowhere.
use strict;
use warnings;
use lib '/usr/share/request-tracker5/lib';
use RT;
use MIME::Entity;

RT::LoadConfig();
RT::Init();

my $password = $ENV{WEBAGENT_REAL_PASSWORD} or die "WEBAGENT_REAL_PASSWORD is not set\n";
sub check { my ($ok, $msg) = @_; die "seed: $msg\n" unless $ok; return $ok }

my $root = RT::User->new(RT->SystemUser);
$root->Load('root');
check($root->SetPassword($password));

# -- users ----------------------------------------------------------------------------------------
my %user;
for my $u (
    [alice    => 'Alice Liddell',  1, 'Staff of the Tea Party Support desk', $password],
    [hatter   => 'The Mad Hatter', 1, 'Runs the tea party', 'tea-time-forever-6'],
    [rabbit   => 'The White Rabbit', 1, 'Herald of the court; always late', 'pocket-watch-1865'],
    [queen    => 'The Queen of Hearts', 1, 'Off with their heads', 'off-with-heads-9'],
    [dormouse => 'The Dormouse', 0, 'Asleep in the teapot', 'treacle-well-3'],
    [caterpillar => 'The Caterpillar', 0, 'Who are YOU?', 'hookah-mushroom-7'],
) {
    my ($name, $real, $priv, $notes, $pw) = @$u;
    my $user = RT::User->new(RT->SystemUser);
    check($user->Create(
        Name => $name, RealName => $real, EmailAddress => "$name\@wonderland.example",
        Privileged => $priv, Comments => $notes, Password => $pw,
        Organization => 'Wonderland', City => 'Wonderland',
    ));
    $user{$name} = $user;
}

# -- a staff group with rights on two queues; a third queue it cannot see into ----------------
my $staff = RT::Group->new(RT->SystemUser);
check($staff->CreateUserDefinedGroup(Name => 'Tea Party Staff', Description => 'Alice, the Hatter and the Rabbit'));
$staff->AddMember($user{$_}->PrincipalId) for qw(alice hatter rabbit);

my %queue;
for my $q (
    ['Tea Party Support', 'Cups, chairs, clocks and riddles at the endless tea party', 'tea'],
    ['Croquet Grounds', 'Flamingos, hedgehogs, hoops and the state of the lawn', 'croquet'],
    ["Queen's Court", 'Trials, sentences and royal decrees (court officers only)', 'court'],
) {
    my ($name, $desc, $mail) = @$q;
    my $queue = RT::Queue->new(RT->SystemUser);
    check($queue->Create(Name => $name, Description => $desc,
        CorrespondAddress => "$mail\@wonderland.example", CommentAddress => "$mail-comment\@wonderland.example"));
    $queue{$name} = $queue;
}

my @work = qw(SeeQueue ShowTicket ShowTicketComments CreateTicket ReplyToTicket CommentOnTicket
    ModifyTicket OwnTicket TakeTicket StealTicket Watch WatchAsAdminCc ShowOutgoingEmail
    SeeCustomField ModifyCustomField);
for my $name ('Tea Party Support', 'Croquet Grounds') {
    check($staff->PrincipalObj->GrantRight(Right => $_, Object => $queue{$name})) for @work;
}
# anyone may file a ticket there; its requestors may see it and reply (self-service)
my $everyone = RT::Group->new(RT->SystemUser);
$everyone->LoadSystemInternalGroup('Everyone');
for my $name ('Tea Party Support', 'Croquet Grounds') {
    check($everyone->PrincipalObj->GrantRight(Right => 'CreateTicket', Object => $queue{$name}));
    my $requestors = RT::Group->new(RT->SystemUser);
    $requestors->LoadRoleGroup(Object => $queue{$name}, Name => 'Requestor');
    check($requestors->PrincipalObj->GrantRight(Right => $_, Object => $queue{$name}))
        for qw(ShowTicket ReplyToTicket SeeQueue);
}
# the court's own officer only

check($user{queen}->PrincipalObj->GrantRight(Right => $_, Object => $queue{"Queen's Court"})) for @work;
# alice also administers users and queues (Admin menu) but has no right on the court's tickets
for my $right (qw(ShowConfigTab AdminUsers AdminQueue ShowSavedSearches CreateSavedSearch
                  EditSavedSearches ModifySelf SeeGroup CreateOwnDashboard SeeOwnDashboard
                  ModifyOwnDashboard DeleteOwnDashboard)) {
    check($user{alice}->PrincipalObj->GrantRight(Right => $right, Object => RT->System));
}

# -- tickets -----------------------------------------------------------------------------------
sub as { my $u = RT::CurrentUser->new; $u->Load($_[0]); $u }
sub mime { MIME::Entity->build(Type => 'text/plain', Charset => 'UTF-8', Data => [$_[0]]) }

# [queue, subject, requestor, creator, owner, priority, final status, body, [actions...]]
# an action: [who, 'reply'|'comment', text] or [who, 'status', new status]
my @tickets = (
    ['Tea Party Support', 'No room at the table', 'alice', 'alice', 'hatter', 50, 'open',
     "There are plenty of empty seats but everyone shouts 'No room! No room!' when I sit down.",
     [[hatter => reply => "Have some wine. (There is no wine.)"],
      [alice => reply => "Then it wasn't very civil of you to offer it."],
      [hatter => comment => "Requestor is quite persistent. Keep a seat by the March Hare."]]],
    ['Tea Party Support', 'Watch is two days wrong', 'hatter', 'hatter', 'alice', 80, 'open',
     "My watch tells the day of the month but not the hour, and it is two days wrong.",
     [[alice => reply => "Did you put butter in the works?"],
      [hatter => reply => "It was the BEST butter."],
      [alice => comment => "Crumbs got in with the butter. Cleaning the works with a bread-knife is not advised."],
      [alice => reply => "Please do not dip it in your tea again; I have ordered a new mainspring."],
      [hatter => reply => "It is always six o'clock now, so there is no time to wash the things between whiles."],
      [alice => comment => "Spoke to Time. He is not on speaking terms with the Hatter since March."],
      [rabbit => comment => "I have a spare watch, but I am late for the Duchess."],
      [alice => reply => "A spare watch is on its way from the White Rabbit."],
      [hatter => reply => "Your hair wants cutting."],
      [alice => comment => "Off topic. Ignoring."],
      [alice => status => 'stalled'],
      [hatter => reply => "The watch still says Wednesday."],
      [alice => status => 'open']]],
    ['Tea Party Support', 'Dormouse stuck in the teapot', 'dormouse', 'dormouse', 'alice', 60, 'resolved',
     "Twinkle, twinkle, little bat... (the requestor fell asleep while writing this)",
     [[alice => reply => "We have lifted you out of the teapot. Please sleep on the cushion instead."],
      [alice => comment => "Used the treacle well method; teapot undamaged."]]],
    ['Tea Party Support', 'Clean cups run out every few minutes', 'hatter', 'hatter', 'rabbit', 40, 'stalled',
     "We keep moving round the table because there are no clean cups.",
     [[rabbit => reply => "Waiting for the Duchess's kitchen to return the cups."],
      [rabbit => comment => "The cook is throwing the saucepans again; cups delayed."]]],
    ['Tea Party Support', 'Riddle with no answer', 'alice', 'alice', 'Nobody', 20, 'new',
     "Why is a raven like a writing-desk? Nobody at the table knows the answer.", []],
    ['Tea Party Support', 'Butter for the works', 'hatter', 'hatter', 'alice', 30, 'resolved',
     "Please send more of the best butter.",
     [[alice => reply => "Sent. Please keep it away from the watch."]]],
    ['Tea Party Support', 'Treacle delivery for the well', 'dormouse', 'dormouse', 'Nobody', 10, 'new',
     "Three little sisters need treacle for their well.", []],
    ['Tea Party Support', 'March Hare upset the milk jug', 'hatter', 'hatter', 'hatter', 30, 'rejected',
     "The March Hare upset the milk-jug into his plate.",
     [[hatter => comment => "Not a support matter: it was his own plate."]]],
    ['Croquet Grounds', 'Flamingo will not keep its neck straight', 'alice', 'alice', 'rabbit', 70, 'open',
     "My flamingo twists round and looks up into my face whenever I try to hit the hedgehog.",
     [[rabbit => reply => "Tuck its body under your arm, with its legs hanging down."],
      [alice => reply => "Tried that. It still looks at me with a puzzled expression."],
      [rabbit => comment => "All the flamingos are doing this. Ask the gardeners?"]]],
    ['Croquet Grounds', 'Hedgehogs wander off the lawn', 'rabbit', 'rabbit', 'alice', 60, 'open',
     "The hedgehogs unroll themselves and crawl away in the middle of a game.",
     [[alice => reply => "Noted; the soldiers are doubling up as hoops anyway."]]],
    ['Croquet Grounds', 'Soldiers leave their hoop positions', 'alice', 'alice', 'Nobody', 50, 'new',
     "The soldiers acting as arches keep walking off to execute someone.", []],
    ['Croquet Grounds', 'Lawn full of ridges and furrows', 'rabbit', 'rabbit', 'hatter', 40, 'stalled',
     "The ground is all ridges and furrows; the balls do not run straight.",
     [[hatter => reply => "Waiting for the gardeners to finish painting the roses."]]],
    ['Croquet Grounds', 'White roses planted by mistake', 'queen', 'queen', 'alice', 90, 'resolved',
     "A white rose tree was planted where a red one should be.",
     [[alice => reply => "The gardeners have painted the roses red."],
      [alice => comment => "Do not tell the Queen how they became red."],
      [queen => reply => "Off with their heads!"],
      [alice => reply => "The gardeners have been hidden in a flower-pot; the matter is closed."]]],
    ['Croquet Grounds', 'Cheshire Cat grin hovering over the ground', 'alice', 'alice', 'alice', 20, 'open',
     "A grin without a cat is distracting the players.",
     [[alice => comment => "The executioner says you can't cut off a head without a body."]]],
    ['Croquet Grounds', 'Replace the croquet mallets', 'alice', 'alice', 'Nobody', 10, 'rejected',
     "Could we have wooden mallets instead of flamingos?",
     [[rabbit => reply => "The Queen insists on flamingos."]]],
    ["Queen's Court", 'Who stole the tarts?', 'queen', 'queen', 'queen', 99, 'open',
     "The Knave of Hearts, he stole those tarts, and took them quite away!",
     [[queen => comment => "Sentence first, verdict afterwards."]]],
    ["Queen's Court", 'Rule Forty-two', 'queen', 'queen', 'queen', 80, 'new',
     "All persons more than a mile high to leave the court.", []],
);

my $n = 0;
for my $spec (@tickets) {
    my ($queue, $subject, $requestor, $creator, $owner, $priority, $status, $body, $actions) = @$spec;
    my $ticket = RT::Ticket->new(as($creator));
    my ($id, undef, $msg) = $ticket->Create(
        Queue => $queue{$queue}->id, Subject => $subject,
        Requestor => ["$requestor\@wonderland.example"],
        ($owner eq 'Nobody' ? () : (Owner => $user{$owner}->id)),
        Priority => $priority, MIMEObj => mime($body),
    );
    die "seed: ticket '$subject': $msg\n" unless $id;
    for my $a (@$actions) {
        my ($who, $what, $text) = @$a;
        my $t = RT::Ticket->new(as($who));
        $t->Load($id);
        my ($ok, $m) =
              $what eq 'reply'   ? $t->Correspond(MIMEObj => mime($text))
            : $what eq 'comment' ? $t->Comment(MIMEObj => mime($text))
            :                      $t->SetStatus($text);
        die "seed: ticket $id, $who $what: $m\n" unless $ok;
    }
    my $t = RT::Ticket->new(RT->SystemUser);
    $t->Load($id);
    if ($t->Status ne $status) {
        my ($ok, $m) = $t->SetStatus(Status => $status, Force => 1);
        die "seed: ticket $id status $status: $m\n" unless $ok;
    }
    $n++;
}
print "users: ", join(', ', sort keys %user), " (and root)\n";
print "queues: ", join(', ', 'General', sort keys %queue), "\n";
print "$n tickets\n";
