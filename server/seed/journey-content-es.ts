/**
 * The two 14-day journeys in Spanish (es-US, "usted"), day for day the same as
 * journey-content.ts. Verses are from the Reina-Valera 1909 (public domain), in today's
 * spelling ("a", not "á", for the preposition).
 */
import type { JourneyDaySeed } from "./journey-content";

export const SCRIPTURES_14_ES: JourneyDaySeed[] = [
  {
    title: "Jehová es mi pastor",
    verseRef: "Salmos 23:1-2 (RV1909)",
    verseText: "Jehová es mi pastor; nada me faltará. En lugares de delicados pastos me hará yacer: junto a aguas de reposo me pastoreará.",
    content:
      "Un pastor no espera a que las ovejas encuentren solas su camino. Va delante, vigila y guía. Hoy, imagínese bajo el cuidado de alguien que sabe exactamente lo que usted necesita antes de que lo pida.\n\nTome dos minutos esta mañana para nombrar una preocupación y entregársela al Pastor. Luego comience su día como alguien que es guiado, no perdido.",
  },
  {
    title: "Confíele su camino",
    verseRef: "Proverbios 3:5-6 (RV1909)",
    verseText: "Fíate de Jehová de todo tu corazón, y no estribes en tu prudencia. Reconócelo en todos tus caminos, y él enderezará tus veredas.",
    content:
      "Nuestro entendimiento es un regalo, pero nunca fue hecho para cargar todo el peso de nuestra vida. Confiar es apoyarse en Dios cuando el camino da una vuelta y ya no se ve.\n\n¿En qué está tratando de resolverlo todo por su cuenta? Invite a Dios a esa decisión hoy, en voz alta, y pídale que le muestre con claridad el próximo paso.",
  },
  {
    title: "Estad quietos",
    verseRef: "Salmos 46:10 (RV1909)",
    verseText: "Estad quietos, y conoced que yo soy Dios: ensalzado he de ser entre las gentes, ensalzado seré en la tierra.",
    content:
      "Estar quieto no es no hacer nada; es hacer espacio para que Dios sea Dios. En una semana ruidosa, unos minutos de silencio pueden cambiar todo el día.\n\nAntes de abrir sus mensajes, siéntese un minuto en silencio. Respire despacio y ore: \"Tú eres Dios, y yo soy tuyo\".",
  },
  {
    title: "No temas",
    verseRef: "Isaías 41:10 (RV1909)",
    verseText: "No temas, que yo soy contigo; no desmayes, que yo soy tu Dios que te esfuerzo: siempre te ayudaré, siempre te sustentaré con la diestra de mi justicia.",
    content:
      "Note cuántas promesas caben en un solo versículo: presencia, fuerza, ayuda, sostén. Dios no solo nos dice que no temamos; nos da la razón.\n\nEscriba el temor que más fuerte suena hoy. Al lado, escriba una de estas promesas. Lleve esa nota con usted.",
  },
  {
    title: "Descanso para el cansado",
    verseRef: "Mateo 11:28-29 (RV1909)",
    verseText:
      "Venid a mí todos los que estáis trabajados y cargados, que yo os haré descansar. Llevad mi yugo sobre vosotros, y aprended de mí, que soy manso y humilde de corazón; y hallaréis descanso para vuestras almas.",
    content:
      "Jesús se describe a sí mismo como manso y humilde de corazón. Ese es quien le espera cuando usted está cansado. Su invitación no es a esforzarse más, sino a acercarse más.\n\n¿Qué carga ha estado llevando solo? Cuénteselo a Jesús con sencillez, como se lo contaría a un amigo de confianza.",
  },
  {
    title: "Amado sin medida",
    verseRef: "Juan 3:16 (RV1909)",
    verseText: "Porque de tal manera amó Dios al mundo, que ha dado a su Hijo unigénito, para que todo aquel que en él cree, no se pierda, mas tenga vida eterna.",
    content:
      "Las palabras conocidas pueden perder su asombro. Lea este versículo despacio y ponga su propio nombre donde dice \"al mundo\". El amor de Dios no es general ni lejano; es personal y le costó mucho.\n\nDeje que ese amor marque cómo trata hoy a una persona.",
  },
  {
    title: "Oración en lugar de afán",
    verseRef: "Filipenses 4:6-7 (RV1909)",
    verseText:
      "Por nada estéis afanosos; sino sean notorias vuestras peticiones delante de Dios en toda oración y ruego, con hacimiento de gracias. Y la paz de Dios, que sobrepuja todo entendimiento, guardará vuestros corazones y vuestros entendimientos en Cristo Jesús.",
    content:
      "Pablo no dice \"deje de preocuparse\" y nada más. Nos da un camino: orar, pedir y dar gracias. Después llega la paz, que hace guardia sobre el corazón.\n\nConvierta hoy cada preocupación en una petición, y añada a cada oración algo por lo que esté agradecido.",
  },
  {
    title: "Nuevas cada mañana",
    verseRef: "Lamentaciones 3:22-23 (RV1909)",
    verseText: "Es por la misericordia de Jehová que no somos consumidos, porque nunca decayeron sus misericordias. Nuevas son cada mañana; grande es tu fidelidad.",
    content:
      "Estas palabras se escribieron en medio del duelo, no después. Aun entonces, el autor descubrió que la misericordia de Dios llegaba fresca cada mañana.\n\nPase lo que haya pasado ayer, hoy comienza con misericordia nueva. Recíbala, y ofrezca ese mismo nuevo comienzo a otra persona.",
  },
  {
    title: "Todas las cosas ayudan a bien",
    verseRef: "Romanos 8:28 (RV1909)",
    verseText: "Y sabemos que a los que a Dios aman, todas las cosas les ayudan a bien, es a saber, a los que conforme al propósito son llamados.",
    content:
      "Esta promesa no dice que todas las cosas sean buenas. Dice que Dios obra en todas ellas. Él entreteje aun los hilos dolorosos en algo que sirve a su buen propósito.\n\nRecuerde una temporada difícil que Dios usó para bien. Agradézcale por ella, y confíele lo que enfrenta ahora.",
  },
  {
    title: "Fuerzas en la espera",
    verseRef: "Isaías 40:31 (RV1909)",
    verseText: "Mas los que esperan a Jehová tendrán nuevas fuerzas; levantarán las alas como águilas, correrán, y no se cansarán, caminarán, y no se fatigarán.",
    content:
      "Esperar parece tiempo perdido, pero en las manos de Dios se convierte en un lugar de renovación. Las águilas no aletean con más fuerza; se elevan con el viento.\n\n¿Qué está esperando? Pídale a Dios fuerzas solo para hoy, y confíele los tiempos.",
  },
  {
    title: "Lámpara a sus pies",
    verseRef: "Salmos 119:105 (RV1909)",
    verseText: "Lámpara es a mis pies tu palabra, y lumbrera a mi camino.",
    content:
      "En tiempos antiguos, una lámpara alumbraba solo los pasos siguientes, no todo el camino. La palabra de Dios muchas veces obra igual: luz suficiente para ser fiel hoy.\n\nEscoja un versículo de esta semana y léalo otra vez esta noche antes de dormir.",
  },
  {
    title: "Él nos amó primero",
    verseRef: "1 Juan 4:19 (RV1909)",
    verseText: "Nosotros le amamos a él, porque él nos amó primero.",
    content:
      "Nuestro amor por Dios y por los demás siempre es una respuesta. No tratamos de ganarnos su amor; se lo devolvemos.\n\nPiense en alguien a quien ahora le cuesta amar. Ore por esa persona por su nombre, y pídale a Dios que su amor fluya por medio de usted hacia ella.",
  },
  {
    title: "Una nueva criatura",
    verseRef: "2 Corintios 5:17 (RV1909)",
    verseText: "De modo que si alguno está en Cristo, nueva criatura es: las cosas viejas pasaron; he aquí todas son hechas nuevas.",
    content:
      "Su pasado es real, pero no es la última palabra sobre usted. En Cristo, Dios comenzó algo nuevo, y lo sigue haciendo.\n\nNombre un viejo hábito que quiere dejar atrás. Pídale ayuda a Dios, y cuénteselo a un amigo de confianza o al líder de su grupo pequeño.",
  },
  {
    title: "Él la perfeccionará",
    verseRef: "Filipenses 1:6 (RV1909)",
    verseText: "Estando confiado de esto, que el que comenzó en vosotros la buena obra, la perfeccionará hasta el día de Jesucristo.",
    content:
      "Usted ha pasado catorce días con la palabra de Dios. Esa fue su obra en usted, y no ha terminado. Lo que él comienza, lo termina.\n\nAgradézcale a Dios por una cosa que le mostró en este recorrido. Piense en comenzar otro recorrido, unirse a un reto o a un grupo pequeño para seguir creciendo.",
  },
];

export const AFFIRMATIONS_14_ES: JourneyDaySeed[] = [
  {
    title: "Soy amado",
    verseRef: "Romanos 8:38-39 (RV1909)",
    verseText:
      "Por lo cual estoy cierto que ni la muerte, ni la vida, ni ángeles, ni principados, ni potestades, ni lo presente, ni lo por venir, ni lo alto, ni lo bajo, ni ninguna criatura nos podrá apartar del amor de Dios, que es en Cristo Jesús Señor nuestro.",
    content:
      "Dígalo en voz alta hoy: \"Nada me puede separar del amor de Dios\". Ni mis errores, ni mis temores, ni lo que traiga el mañana.\n\nCuando se sienta lejos de Dios, recuerde que la distancia es un sentimiento, no un hecho. Su amor no le suelta.",
  },
  {
    title: "Soy hijo de Dios",
    verseRef: "1 Juan 3:1 (RV1909)",
    verseText: "Mirad cuál amor nos ha dado el Padre, que seamos llamados hijos de Dios: por esto el mundo no nos conoce, porque no le conoce a él.",
    content:
      "Usted no solo fue creado por Dios; fue recibido en su familia. Un hijo no se gana un lugar en la mesa. Se le da.\n\nAfirme hoy: \"Pertenezco al Padre. Tengo un lugar en su familia\".",
  },
  {
    title: "Soy perdonado",
    verseRef: "1 Juan 1:9 (RV1909)",
    verseText: "Si confesamos nuestros pecados, él es fiel y justo para que nos perdone nuestros pecados, y nos limpie de toda maldad.",
    content:
      "El perdón no es un favor que Dios concede de mala gana. Él es fiel para perdonar. Cuando usted confiesa, no está esperando a ver; está recibiendo una promesa.\n\n¿Hay algo que sigue cargando? Confiéselo, reciba el perdón, y no vuelva a levantarlo.",
  },
  {
    title: "Soy una obra admirable",
    verseRef: "Salmos 139:14 (RV1909)",
    verseText: "Te alabaré; porque formidables, maravillosas son tus obras: estoy maravillado, y mi alma lo conoce mucho.",
    content:
      "Dios le formó con cuidado: su personalidad, sus dones, incluso las partes de su historia que usted no habría escogido. Usted es obra de sus manos.\n\nAgradézcale hoy a Dios por algo de cómo le hizo, y úselo para bendecir a alguien.",
  },
  {
    title: "Soy libre de condenación",
    verseRef: "Romanos 8:1 (RV1909)",
    verseText: "Ahora pues, ninguna condenación hay para los que están en Cristo Jesús, los que no andan conforme a la carne, mas conforme al espíritu.",
    content:
      "La convicción nos trae de vuelta a Dios; la condenación nos aleja. En Cristo, el veredicto ya se dio: ninguna condenación.\n\nCuando hoy hable la voz de la vergüenza, respóndale con este versículo.",
  },
  {
    title: "Soy fortalecido",
    verseRef: "Filipenses 4:13 (RV1909)",
    verseText: "Todo lo puedo en Cristo que me fortalece.",
    content:
      "Pablo escribió esto sobre estar contento en la abundancia y en la necesidad. No es una promesa de que nunca tendremos luchas, sino de que la fuerza de Cristo nos sale al encuentro en toda circunstancia.\n\nAfirme hoy: \"Cristo me da la fuerza que necesito para lo que tengo delante\".",
  },
  {
    title: "Soy hechura suya",
    verseRef: "Efesios 2:10 (RV1909)",
    verseText: "Porque somos hechura suya, criados en Cristo Jesús para buenas obras, las cuales Dios preparó para que anduviésemos en ellas.",
    content:
      "Dios preparó buenas obras para usted, no para ganarse su amor, sino para vivir a partir de él. Algunas son pequeñas: una llamada, una comida, una palabra amable.\n\nPídale a Dios esta mañana que le muestre una buena obra que preparó para hoy, y esté atento a ella.",
  },
  {
    title: "Nunca estoy solo",
    verseRef: "Deuteronomio 31:6 (RV1909)",
    verseText: "Esforzaos y cobrad ánimo; no temáis, ni tengáis miedo de ellos: que Jehová tu Dios es el que va contigo: no te dejará ni te desamparará.",
    content:
      "El valor no es la ausencia de miedo; es saber quién va con usted. Dios no le envía adelante solo. Camina a su lado.\n\nAfirme hoy: \"Dios va conmigo. No me dejará ni me desamparará\".",
  },
  {
    title: "Tengo fortaleza, amor y templanza",
    verseRef: "2 Timoteo 1:7 (RV1909)",
    verseText: "Porque no nos ha dado Dios el espíritu de temor, sino el de fortaleza, y de amor, y de templanza.",
    content:
      "El miedo puede tocar a la puerta, pero no es el espíritu que Dios le dio. Su Espíritu en usted trae fortaleza para actuar, amor para guiar y templanza para escoger bien.\n\nEn una decisión de hoy, escoja la respuesta del amor y la templanza en lugar de la reacción del miedo.",
  },
  {
    title: "Soy escogido",
    verseRef: "1 Pedro 2:9 (RV1909)",
    verseText:
      "Mas vosotros sois linaje escogido, real sacerdocio, gente santa, pueblo adquirido, para que anunciéis las virtudes de aquel que os ha llamado de las tinieblas a su luz admirable.",
    content:
      "Usted fue escogido a propósito, para un propósito: mostrar la bondad de Aquel que le trajo a la luz.\n\nCuéntele hoy a alguien una manera en que Dios ha sido bueno con usted: a un amigo, a un compañero de trabajo, o en un testimonio aquí en la aplicación.",
  },
  {
    title: "Su gracia me basta",
    verseRef: "2 Corintios 12:9 (RV1909)",
    verseText:
      "Y me ha dicho: Bástate mi gracia; porque mi potencia en la flaqueza se perfecciona. Por tanto, de buena gana me gloriaré más bien en mis flaquezas, porque habite en mí la potencia de Cristo.",
    content:
      "Usted no tiene que ser fuerte en todo. Su debilidad es precisamente el lugar donde mejor se ve el poder de Dios.\n\nAfirme hoy: \"La gracia de Dios me basta, aquí y ahora\".",
  },
  {
    title: "Tengo esperanza y futuro",
    verseRef: "Jeremías 29:11 (RV1909)",
    verseText: "Porque yo sé los pensamientos que tengo acerca de vosotros, dice Jehová, pensamientos de paz, y no de mal, para daros el fin que esperáis.",
    content:
      "Estas palabras se dijeron primero a personas en el exilio, lejos de casa. Los planes de Dios para ellas eran buenos aun allí, y sus pensamientos hacia usted también son buenos.\n\nEscriba una esperanza para el año que viene y ofrézcasela a Dios en oración.",
  },
  {
    title: "Soy la luz del mundo",
    verseRef: "Mateo 5:14 (RV1909)",
    verseText: "Vosotros sois la luz del mundo: una ciudad asentada sobre un monte no se puede esconder.",
    content:
      "Jesús no dijo \"traten de llegar a ser luz\". Dijo que ustedes son luz. La luz simplemente brilla donde se la pone: en casa, en el trabajo, en su vecindario.\n\n¿Dónde le ha puesto Dios hoy? Deje que su bondad y su honestidad brillen allí.",
  },
  {
    title: "Soy guardado en completa paz",
    verseRef: "Isaías 26:3 (RV1909)",
    verseText: "Tú le guardarás en completa paz, cuyo pensamiento en ti persevera; porque en ti se ha confiado.",
    content:
      "Catorce días declarando la verdad de Dios sobre su vida: así se va formando un pensamiento que persevera. La paz crece donde se practica la confianza.\n\nRepase estas afirmaciones y escoja la que más necesita conservar. Piense en comenzar después el recorrido de las Escrituras, o en unirse a un grupo pequeño para seguir creciendo juntos.",
  },
];
