/**
 * The two 14-day daily journeys (product content, seeded on every start and editable in the
 * journey_days table). Verses are from the World English Bible (public domain).
 */
export interface JourneyDaySeed {
  title: string;
  verseRef: string | null;
  verseText: string | null;
  content: string;
}

export const SCRIPTURES_14: JourneyDaySeed[] = [
  {
    title: "The Lord Is My Shepherd",
    verseRef: "Psalm 23:1-2 (WEB)",
    verseText: "Yahweh is my shepherd; I shall lack nothing. He makes me lie down in green pastures. He leads me beside still waters.",
    content:
      "A shepherd does not wait for the sheep to find their own way. He goes ahead, he watches, he leads. Today, picture yourself in the care of someone who knows exactly what you need before you ask.\n\nTake two minutes this morning to name one worry and hand it to the Shepherd. Then walk into your day as someone who is led, not lost.",
  },
  {
    title: "Trust Him With Your Path",
    verseRef: "Proverbs 3:5-6 (WEB)",
    verseText: "Trust in Yahweh with all your heart, and don't lean on your own understanding. In all your ways acknowledge him, and he will make your paths straight.",
    content:
      "Our understanding is a gift, but it was never meant to carry the full weight of our lives. Trust is choosing to lean on God when the road bends out of sight.\n\nWhere are you trying to figure everything out on your own? Invite God into that decision today, out loud, and ask him to make the next step clear.",
  },
  {
    title: "Be Still",
    verseRef: "Psalm 46:10 (WEB)",
    verseText: "Be still, and know that I am God. I will be exalted among the nations. I will be exalted in the earth.",
    content:
      "Stillness is not doing nothing; it is making room for God to be God. In a noisy week, a few quiet minutes can reset the whole day.\n\nBefore you open your messages, sit for one minute in silence. Breathe slowly and pray: \"You are God, and I am yours.\"",
  },
  {
    title: "Do Not Be Afraid",
    verseRef: "Isaiah 41:10 (WEB)",
    verseText:
      "Don't you be afraid, for I am with you. Don't be dismayed, for I am your God. I will strengthen you. Yes, I will help you. Yes, I will uphold you with the right hand of my righteousness.",
    content:
      "Notice how many promises are packed into one verse: presence, strength, help, support. God does not simply tell us not to fear; he gives us the reason.\n\nWrite down the fear that is loudest today. Next to it, write one of these promises. Carry that note with you.",
  },
  {
    title: "Rest for the Weary",
    verseRef: "Matthew 11:28-29 (WEB)",
    verseText:
      "Come to me, all you who labor and are heavily burdened, and I will give you rest. Take my yoke upon you and learn from me, for I am gentle and lowly in heart; and you will find rest for your souls.",
    content:
      "Jesus describes himself as gentle and lowly in heart. That is who waits for you when you are tired. His invitation is not to try harder, but to come closer.\n\nWhat burden have you been carrying alone? Tell Jesus about it plainly, the way you would tell a trusted friend.",
  },
  {
    title: "Loved Beyond Measure",
    verseRef: "John 3:16 (WEB)",
    verseText: "For God so loved the world, that he gave his one and only Son, that whoever believes in him should not perish, but have eternal life.",
    content:
      "Familiar words can lose their wonder. Read this verse slowly and put your own name where it says \"the world\". God's love is not general and distant; it is personal and costly.\n\nLet that love shape how you treat one person today.",
  },
  {
    title: "Prayer Instead of Worry",
    verseRef: "Philippians 4:6-7 (WEB)",
    verseText:
      "In nothing be anxious, but in everything, by prayer and petition with thanksgiving, let your requests be made known to God. And the peace of God, which surpasses all understanding, will guard your hearts and your thoughts in Christ Jesus.",
    content:
      "Paul does not say \"stop worrying\" and leave it there. He gives a pattern: pray, ask, and give thanks. Peace follows, standing guard over your heart.\n\nTurn each worry into a request today, and add one thing you are thankful for to every prayer.",
  },
  {
    title: "New Every Morning",
    verseRef: "Lamentations 3:22-23 (WEB)",
    verseText:
      "It is because of Yahweh's loving kindnesses that we are not consumed, because his compassion doesn't fail. They are new every morning. Great is your faithfulness.",
    content:
      "These words were written in the middle of grief, not after it. Even then, the writer found that God's mercy showed up fresh each morning.\n\nWhatever yesterday held, today begins with new mercy. Receive it, and offer the same fresh start to someone else.",
  },
  {
    title: "All Things Working Together",
    verseRef: "Romans 8:28 (WEB)",
    verseText: "We know that all things work together for good for those who love God, for those who are called according to his purpose.",
    content:
      "This promise does not say that all things are good. It says God is at work in all things. He weaves even painful threads into something that serves his good purpose.\n\nLook back on a hard season that God used for good. Thank him for it, and trust him with what you face now.",
  },
  {
    title: "Strength in Waiting",
    verseRef: "Isaiah 40:31 (WEB)",
    verseText:
      "But those who wait for Yahweh will renew their strength. They will mount up with wings like eagles. They will run, and not be weary. They will walk, and not faint.",
    content:
      "Waiting feels like wasted time, but in God's hands it becomes a place of renewal. Eagles do not flap harder; they rise on the wind.\n\nWhat are you waiting for? Ask God for strength for today only, and trust him with the timing.",
  },
  {
    title: "A Lamp for Your Feet",
    verseRef: "Psalm 119:105 (WEB)",
    verseText: "Your word is a lamp to my feet, and a light for my path.",
    content:
      "A lamp in ancient times lit only the next few steps, not the whole road. God's word often works the same way: enough light for faithfulness today.\n\nChoose one verse from this week and read it again tonight before you sleep.",
  },
  {
    title: "He First Loved Us",
    verseRef: "1 John 4:19 (WEB)",
    verseText: "We love him, because he first loved us.",
    content:
      "Our love for God and for others is always a response. We are not trying to earn his love; we are returning it.\n\nThink of someone who is hard to love right now. Pray for them by name, and ask God to let his love flow through you to them.",
  },
  {
    title: "A New Creation",
    verseRef: "2 Corinthians 5:17 (WEB)",
    verseText: "Therefore if anyone is in Christ, he is a new creation. The old things have passed away. Behold, all things have become new.",
    content:
      "Your past is real, but it is not the final word about you. In Christ, God has begun something new, and he is still making it.\n\nName one old pattern you want to leave behind. Ask God for help, and tell a trusted friend or small group leader about it.",
  },
  {
    title: "He Will Finish It",
    verseRef: "Philippians 1:6 (WEB)",
    verseText: "being confident of this very thing, that he who began a good work in you will complete it until the day of Jesus Christ.",
    content:
      "You have spent fourteen days with God's word. That was his work in you, and he is not finished. What he starts, he completes.\n\nThank God for one thing he has shown you on this journey. Consider starting another journey, joining a challenge or a small group to keep growing.",
  },
];

export const AFFIRMATIONS_14: JourneyDaySeed[] = [
  {
    title: "I Am Loved",
    verseRef: "Romans 8:38-39 (WEB)",
    verseText:
      "For I am persuaded that neither death, nor life, nor angels, nor principalities, nor things present, nor things to come, nor powers, nor height, nor depth, nor any other created thing will be able to separate us from God's love which is in Christ Jesus our Lord.",
    content:
      "Say it out loud today: \"Nothing can separate me from the love of God.\" Not my mistakes, not my fears, not what tomorrow brings.\n\nWhen you feel distant from God, remember that the distance is a feeling, not a fact. His love holds on.",
  },
  {
    title: "I Am God's Child",
    verseRef: "1 John 3:1 (WEB)",
    verseText: "Behold, how great a love the Father has given to us, that we should be called children of God! For this cause the world doesn't know us, because it didn't know him.",
    content:
      "You are not just created by God; you are welcomed into his family. A child does not earn a place at the table. It is given.\n\nAffirm today: \"I belong to the Father. I have a place in his family.\"",
  },
  {
    title: "I Am Forgiven",
    verseRef: "1 John 1:9 (WEB)",
    verseText: "If we confess our sins, he is faithful and righteous to forgive us the sins, and to cleanse us from all unrighteousness.",
    content:
      "Forgiveness is not a reluctant favour from God. He is faithful to forgive. When you confess, you are not hoping; you are receiving a promise.\n\nIs there something you keep carrying? Confess it, receive forgiveness, and refuse to pick it up again.",
  },
  {
    title: "I Am Wonderfully Made",
    verseRef: "Psalm 139:14 (WEB)",
    verseText: "I will give thanks to you, for I am fearfully and wonderfully made. Your works are wonderful. My soul knows that very well.",
    content:
      "God took care in making you: your personality, your gifts, even the parts of your story you would not have chosen. You are his handiwork.\n\nThank God today for one thing about how he made you, and use it to bless someone.",
  },
  {
    title: "I Am Free From Condemnation",
    verseRef: "Romans 8:1 (WEB)",
    verseText: "There is therefore now no condemnation to those who are in Christ Jesus, who don't walk according to the flesh, but according to the Spirit.",
    content:
      "Conviction leads us back to God; condemnation pushes us away. In Christ, the verdict is already in: no condemnation.\n\nWhen the voice of shame speaks today, answer it with this verse.",
  },
  {
    title: "I Am Strengthened",
    verseRef: "Philippians 4:13 (WEB)",
    verseText: "I can do all things through Christ, who strengthens me.",
    content:
      "Paul wrote this about being content in plenty and in need. It is not a promise that we will never struggle, but that Christ's strength meets us in every circumstance.\n\nAffirm today: \"Christ gives me the strength I need for what is in front of me.\"",
  },
  {
    title: "I Am His Workmanship",
    verseRef: "Ephesians 2:10 (WEB)",
    verseText: "For we are his workmanship, created in Christ Jesus for good works, which God prepared before that we would walk in them.",
    content:
      "God has prepared good works for you, not to earn his love, but to live out of it. Some are small: a phone call, a meal, a kind word.\n\nAsk God this morning to show you one good work he has prepared for today, and watch for it.",
  },
  {
    title: "I Am Never Alone",
    verseRef: "Deuteronomy 31:6 (WEB)",
    verseText: "Be strong and courageous. Don't be afraid or scared of them; for Yahweh your God himself is who goes with you. He will not fail you nor forsake you.",
    content:
      "Courage is not the absence of fear; it is knowing who goes with you. God does not send you ahead alone. He walks with you.\n\nAffirm today: \"God goes with me. He will not fail me or forsake me.\"",
  },
  {
    title: "I Have Power, Love and Self-Control",
    verseRef: "2 Timothy 1:7 (WEB)",
    verseText: "For God didn't give us a spirit of fear, but of power, love, and self-control.",
    content:
      "Fear may knock, but it is not the spirit God gave you. His Spirit in you brings power to act, love to lead, and self-control to choose well.\n\nIn one decision today, choose the response of love and self-control over the reaction of fear.",
  },
  {
    title: "I Am Chosen",
    verseRef: "1 Peter 2:9 (WEB)",
    verseText:
      "But you are a chosen race, a royal priesthood, a holy nation, a people for God's own possession, that you may proclaim the excellence of him who called you out of darkness into his marvelous light.",
    content:
      "You were chosen on purpose, for a purpose: to show the goodness of the One who brought you into the light.\n\nShare one way God has been good to you with someone today: a friend, a coworker, or in a testimony here in the app.",
  },
  {
    title: "His Grace Is Enough for Me",
    verseRef: "2 Corinthians 12:9 (WEB)",
    verseText:
      "He has said to me, \"My grace is sufficient for you, for my power is made perfect in weakness.\" Most gladly therefore I will rather glory in my weaknesses, that the power of Christ may rest on me.",
    content:
      "You do not have to be strong everywhere. Your weakness is the very place where God's power shows best.\n\nAffirm today: \"God's grace is enough for me, right here, right now.\"",
  },
  {
    title: "I Have Hope and a Future",
    verseRef: "Jeremiah 29:11 (WEB)",
    verseText: "For I know the thoughts that I think toward you, says Yahweh, thoughts of peace, and not of evil, to give you hope and a future.",
    content:
      "These words were first spoken to people in exile, far from home. God's plans for them were good even there, and his thoughts toward you are good too.\n\nWrite down one hope for the coming year and offer it to God in prayer.",
  },
  {
    title: "I Am the Light of the World",
    verseRef: "Matthew 5:14 (WEB)",
    verseText: "You are the light of the world. A city located on a hill can't be hidden.",
    content:
      "Jesus did not say \"try to become light\". He said you are light. Light simply shines where it is placed: at home, at work, in your neighbourhood.\n\nWhere has God placed you today? Let your kindness and honesty shine there.",
  },
  {
    title: "I Am Kept in Perfect Peace",
    verseRef: "Isaiah 26:3 (WEB)",
    verseText: "You will keep whoever's mind is steadfast in perfect peace, because he trusts in you.",
    content:
      "Fourteen days of speaking God's truth over your life: that is a steadfast mind in the making. Peace grows where trust is practised.\n\nRead back over these affirmations and choose the one you most need to keep. Consider starting the Scripture journey next, or joining a small group to keep growing together.",
  },
];
